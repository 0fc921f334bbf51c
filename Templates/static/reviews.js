// Vitrine: "More reviews" on a product page. Plain JavaScript, no build step and no library.
//
// The page prints the newest reviews; the rest are in the static JSON API, 20 to a file, newest
// first (api/v1/products/<slug>/reviews/<n>.json). Each press of the button loads the next file
// and adds its reviews, cloned from the page's own <template> so they look like the printed ones.
// Every text comes from the page (the template and data- attributes), none from here. Without
// JavaScript the button stays hidden and the page says how many of the reviews it shows.
(function () {
  "use strict";

  const section = document.querySelector("[data-reviews-base]");
  if (!section || !window.fetch) return;
  const list = section.querySelector("[data-review-list]");
  const template = section.querySelector("template[data-review-template]");
  const button = section.querySelector("[data-reviews-more]");
  const status = section.querySelector("[data-reviews-status]");
  if (!list || !template || !button || !status) return;

  const base = section.dataset.reviewsBase;
  const months = (section.dataset.months || "").split(" ");
  // A storefront's pages print days by CLDR's long date (`2026년 11월 28일`); so does the browser's Intl.
  const dateLocale = section.dataset.dateLocale || "";
  const siteLanguage = (document.documentElement.lang || "").toLowerCase();
  const shown = new Set(Array.from(list.querySelectorAll("[data-review-id]"), (item) => item.dataset.reviewId));
  let page = 0;
  let pages = Number(section.dataset.reviewsPages) || 1;
  let total = null;

  /** "2026-11-28T09:00:00+09:00" → "28 November 2026": the day as written, in the shop's zone, as the page prints it. */
  function dayText(iso) {
    const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso || "");
    if (!match) return iso || "";
    if (dateLocale && window.Intl) {
      try {
        const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
        return new Intl.DateTimeFormat(dateLocale, { dateStyle: "long", timeZone: "UTC", calendar: "gregory" }).format(day);
      } catch (error) {
        // An engine without the locale or the option: the month names below.
      }
    }
    return Number(match[3]) + " " + (months[Number(match[2]) - 1] || match[2]) + " " + match[1];
  }

  /** Paragraphs as Review.paragraphs makes them: split at blank lines, trimmed, empty ones dropped. */
  function paragraphs(text) {
    return String(text).replace(/\r\n/g, "\n").split("\n\n").map((p) => p.trim()).filter(Boolean).map((p) => {
      const element = document.createElement("p");
      element.textContent = p;
      return element;
    });
  }

  /** As PageBuilder.differsFromSite: `en` on an `en-US` page needs no lang of its own. */
  function ownLanguage(language) {
    if (!language) return null;
    const own = language.toLowerCase();
    return own === siteLanguage || siteLanguage.startsWith(own + "-") ? null : language;
  }

  function setLanguage(element, language) {
    if (language) element.lang = language;
    else element.removeAttribute("lang");
  }

  function render(review) {
    const item = template.content.firstElementChild.cloneNode(true);
    const part = (name) => item.querySelector("[data-review-" + name + "]");
    const language = ownLanguage(review.language);
    item.dataset.reviewId = review.id;
    part("stars").dataset.stars = String(review.rating * 2);
    part("rating").textContent = String(review.rating);
    setLanguage(part("text"), language);
    if (review.title) part("title").textContent = review.title;
    else part("title").remove();
    part("body").replaceChildren(...paragraphs(review.body));
    part("author").textContent = review.author;
    const date = part("date");
    date.dateTime = review.date;
    date.textContent = dayText(review.date);
    if (!review.verified) part("verified").remove();
    if (review.response) {
      const answered = part("response-date");
      answered.dateTime = review.response.date;
      answered.textContent = dayText(review.response.date);
      const body = part("response-body");
      setLanguage(body, language);
      body.replaceChildren(...paragraphs(review.response.body));
    } else {
      part("response").remove();
    }
    return item;
  }

  function say(text) {
    status.textContent = text;
  }

  async function loadMore() {
    button.disabled = true;
    try {
      const url = new URL(base + (page + 1) + ".json", document.baseURI);
      const response = await fetch(url);
      if (!response.ok) throw new Error(url.pathname + " " + response.status);
      const data = await response.json();
      page = data.page;
      pages = data.pages;
      total = data.summary.count;
      let first = null;
      for (const review of data.reviews) {
        if (shown.has(review.id)) continue;
        shown.add(review.id);
        const item = render(review);
        list.append(item);
        first = first || item;
      }
      button.hidden = page >= pages;
      say((section.dataset.shownText || "").replace("{shown}", String(shown.size)).replace("{count}", String(total)));
      // Focus goes to the first new review, so keyboard and screen-reader users read on from there
      // (and the button, which may now be hidden, does not keep it).
      if (first) {
        first.tabIndex = -1;
        first.focus();
      }
    } catch (error) {
      say(section.dataset.errorText || String(error));
    } finally {
      button.disabled = false;
    }
  }

  button.addEventListener("click", loadMore);
  button.hidden = false;
})();
