// Vitrine search page. Plain JavaScript, no build step and no third-party code.
//
// Reads the static index Vitrine writes under search/ (see Sources/SearchIndexer): first
// manifest.json, then only the lexicon blocks and posting files the query's words need, the
// facet columns when filters apply or the postings cannot tell the matches' facets, and the
// record chunks of the results on screen. Query, filters and order live in the URL
// (?q=night&brand=slug&category=serums&min=10&max=50&sort=price; sort=rating for the best rated).
(function () {
  "use strict";

  const form = document.getElementById("search-form");
  if (!form) return;
  const $ = (id) => document.getElementById(id);
  const ui = {
    q: $("search-q"), brand: $("search-brand"), availability: $("search-availability"),
    category: $("search-category"), sort: $("search-sort"),
    min: $("search-min"), max: $("search-max"), message: $("search-message"),
    status: $("search-status"), results: $("search-results"), more: $("search-more"),
    rating: $("search-rating"),
  };
  const manifestURL = new URL(form.dataset.manifest, document.baseURI);
  const root = form.dataset.root || "";
  // Pictures are the site's, one folder up in a storefront other than the root.
  const assetRoot = form.dataset.assetRoot || root;
  const PAGE_SIZE = 20;
  // The page's texts, in its language; bag.js, loaded first, fills placeholders and plural forms.
  const strings = window.vitrineText.read("script[data-search-strings]");
  const text = (id, values) => window.vitrineText.message(strings, id, values);
  const decoder = new TextDecoder();

  // ---- Fetching, each file once --------------------------------------------------------------

  const cache = new Map();
  function fetchFile(name, kind) {
    const key = kind + ":" + name;
    if (!cache.has(key)) {
      const url = new URL(name, manifestURL);
      cache.set(key, fetch(url).then((response) => {
        if (!response.ok) throw new Error("cannot load " + url.pathname + " (" + response.status + ")");
        if (kind === "json") return response.json();
        return response.arrayBuffer().then((b) => (kind === "gzip" ? gunzip(new Uint8Array(b)) : new Uint8Array(b)));
      }));
    }
    return cache.get(key);
  }
  let manifest = null;

  /** Lexicon blocks and facet columns are gzip files; a server may already have inflated them. */
  async function gunzip(bytes) {
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  }

  // ---- Words: the same steps as SearchTokenizer.swift ---------------------------------------

  const EXTRAS = { "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i", "þ": "th", "ς": "σ" };
  function fold(text) {
    return text.normalize("NFKC").toLowerCase().normalize("NFD").replace(/(?![\u3099\u309a])\p{Mn}/gu, "")
      .replace(/[ßæœøđłıþς]/g, (c) => EXTRAS[c]).normalize("NFC");
  }
  /** Han, hiragana and katakana, written without spaces: a run of them is its pairs of characters. */
  const UNSPACED = /[\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u{20000}-\u{2ffff}]+/u;
  function words(text) {
    const out = [];
    for (const run of fold(text).match(/[\p{L}\p{N}\p{M}]+/gu) || []) {
      for (const part of run.split(new RegExp("(" + UNSPACED.source + ")", "u"))) {
        if (!part) continue;
        const letters = [...part];
        if (!UNSPACED.test(part)) {
          if (letters.length <= 64) out.push(part);
        } else if (letters.length === 1) {
          out.push(part);
        } else {
          for (let i = 0; i + 1 < letters.length; i++) out.push(letters[i] + letters[i + 1]);
        }
      }
    }
    return out;
  }

  /** Code point order, which is the UTF-8 byte order the index sorts words in. */
  function compare(a, b) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      let x = a.charCodeAt(i), y = b.charCodeAt(i);
      if (x === y) continue;
      if (x >= 0xd800 && y >= 0xd800) {
        x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
        y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
      }
      return x < y ? -1 : 1;
    }
    return a.length - b.length;
  }

  /** True when b is one insertion, deletion, replacement or swap of neighbours away from a. */
  function oneEditApart(a, b) {
    const la = a.length, lb = b.length;
    if (Math.abs(la - lb) > 1) return false;
    let i = 0;
    while (i < la && i < lb && a[i] === b[i]) i++;
    const sameFrom = (x, y) => {
      if (la - x !== lb - y) return false;
      for (; x < la; x++, y++) if (a[x] !== b[y]) return false;
      return true;
    };
    if (la === lb) {
      if (i === la) return false;
      return sameFrom(i + 1, i + 1) || (i + 1 < la && a[i] === b[i + 1] && a[i + 1] === b[i] && sameFrom(i + 2, i + 2));
    }
    return la < lb ? sameFrom(i, i + 1) : sameFrom(i + 1, i);
  }

  // ---- Binary index files ---------------------------------------------------------------------

  class Reader {
    constructor(bytes) { this.bytes = bytes; this.at = 0; }
    byte() { return this.bytes[this.at++]; }
    varint() {
      let value = 0, scale = 1, b;
      do { b = this.bytes[this.at++]; value += (b & 127) * scale; scale *= 128; } while (b & 128);
      return value;
    }
    take(n) { const v = this.bytes.subarray(this.at, this.at + n); this.at += n; return v; }
  }

  const blocks = new Map();
  /** A lexicon block: its words with where each posting is. */
  function lexiconBlock(index) {
    if (!blocks.has(index)) {
      blocks.set(index, fetchFile(manifest.lexicon[index].file, "gzip").then((bytes) => {
        const r = new Reader(bytes);
        const count = r.varint();
        const files = [];
        for (let n = r.varint(); n > 0; n--) files.push("p-" + decoder.decode(r.take(16)) + ".bin");
        const start = r.varint();
        let file = -1, offset = 0, previous = new Uint8Array(0);
        const entries = [];
        for (let i = 0; i < count; i++) {
          const shared = r.varint(), suffix = r.take(r.varint());
          const bytes = new Uint8Array(shared + suffix.length);
          bytes.set(previous.subarray(0, shared));
          bytes.set(suffix, shared);
          previous = bytes;
          const tag = r.varint(), length = Math.floor(tag / 4), kind = tag % 4;
          const entry = { word: decoder.decode(bytes) };
          if (kind === 1) {
            entry.inline = r.take(length);
          } else {
            if (kind === 2) { file++; offset = file === 0 ? start : 0; }
            entry.file = files[file]; entry.offset = offset; entry.length = length;
            offset += length;
          }
          entries.push(entry);
        }
        return entries;
      }));
    }
    return blocks.get(index);
  }

  /** Blocks that can hold words beginning with `prefix` (or only `prefix` itself when `exact`). */
  async function entriesFrom(prefix, exact) {
    const list = manifest.lexicon;
    if (list.length === 0) return [];
    let lo = 0, hi = list.length - 1, start = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (compare(list[mid].first, prefix) <= 0) { start = mid; lo = mid + 1; } else hi = mid - 1;
    }
    const wanted = [start];
    for (let i = start + 1; !exact && i < list.length && list[i].first.startsWith(prefix); i++) wanted.push(i);
    return (await Promise.all(wanted.map(lexiconBlock))).flat();
  }

  function posting(entry) {
    if (!entry.decoded) entry.decoded = decodePosting(entry);
    return entry.decoded;
  }

  async function decodePosting(entry) {
    const bytes = entry.inline || (await fetchFile(entry.file, "bin")).subarray(entry.offset, entry.offset + entry.length);
    const r = new Reader(bytes);
    const result = { count: r.varint(), groups: [], brands: new Map(), availability: [] };
    for (let g = r.varint(); g > 0; g--) {
      const score = r.byte(), n = r.varint(), form = r.byte(), ids = new Uint32Array(n);
      if (form === 0) {
        for (let j = 0, id = 0; j < n; j++) { id += r.varint(); ids[j] = id; }
      } else {
        const first = r.varint(), map = r.take(r.varint());
        let k = 0;
        for (let j = 0; j < map.length; j++) {
          for (let v = map[j]; v; v &= v - 1) ids[k++] = (first + j) * 8 + (31 - Math.clz32(v & -v));
        }
      }
      result.groups.push({ score, ids });
    }
    for (let n = r.varint(), brand = 0; n > 0; n--) { brand += r.varint(); result.brands.set(brand, r.varint()); }
    for (let i = 0; i < manifest.availability.length; i++) result.availability.push(r.varint());
    // Small postings go on with each product's facets, brand × availabilities + availability.
    if (r.varint() === 1) for (const group of result.groups) group.facets = Uint32Array.from(group.ids, () => r.varint());
    return result;
  }

  /**
   * Brand and availability counts of a query with no filter, from postings alone when they tell
   * every match's facets: when one query word has only small postings (every match is among their
   * products), or when the only word has one big posting (its counts, plus the matches outside
   * it, which small postings describe). Null sends the caller to the facet columns.
   */
  function countsFromPostings(postings, total) {
    const n = manifest.products, kinds = manifest.availability.length;
    const facetOf = new Int32Array(n).fill(-1);
    const learn = (p) => { for (const g of p.groups) for (let j = 0; j < g.ids.length; j++) facetOf[g.ids[j]] = g.facets[j]; };
    const small = (p) => p.groups.every((g) => g.facets);
    let base = null;
    const word = postings.find((list) => list.every(small));
    if (word) word.forEach(learn);
    else if (postings.length === 1 && postings[0].filter((p) => !small(p)).length === 1) {
      base = postings[0].find((p) => !small(p));
      postings[0].filter(small).forEach(learn);
    } else return null;
    const brands = new Map(), availability = manifest.availability.map(() => 0);
    const inBase = new Uint8Array(n);
    if (base) {
      base.brands.forEach((count, brand) => brands.set(brand, count));
      base.availability.forEach((count, i) => { availability[i] = count; });
      for (const g of base.groups) for (const id of g.ids) inBase[id] = 1;
    }
    const ids = [];
    for (let i = 0; i < n; i++) {
      if (!total[i]) continue;
      ids.push(i);
      if (inBase[i]) continue;
      const facet = facetOf[i], brand = Math.floor(facet / kinds);
      brands.set(brand, (brands.get(brand) || 0) + 1);
      availability[facet % kinds]++;
    }
    return { brands, availability, ids };
  }

  /** Index words a query word matches, with how: exact, as a prefix, or with one typo. */
  async function resolve(word) {
    const rules = manifest.rules;
    const letters = [...word];
    const prefix = letters.length >= rules.prefixMinimum;
    const typo = letters.length >= rules.typoMinimum && /^\p{L}/u.test(word);
    const entries = await entriesFrom(typo ? letters[0] : word, !prefix && !typo);
    const found = [];
    for (const entry of entries) {
      let weight = 0;
      if (entry.word === word) weight = rules.exactWeight;
      else if (prefix && entry.word.startsWith(word)) weight = rules.prefixWeight;
      else if (typo) {
        const other = [...entry.word];
        if (other[0] === letters[0] && other.length >= rules.typoMinimum && oneEditApart(letters, other)) weight = rules.typoWeight;
      }
      if (weight) found.push({ entry, weight });
    }
    return found;
  }

  // ---- Facet columns --------------------------------------------------------------------------

  function column(name, width) {
    return fetchFile(name, "gzip").then((bytes) => (i) => {
      let value = 0;
      for (let k = width - 1; k >= 0; k--) value = value * 256 + bytes[i * width + k];
      return value;
    });
  }
  const columns = {
    brand: () => column(manifest.columns.brand, manifest.columns.brandWidth),
    availability: () => fetchFile(manifest.columns.availability, "gzip").then((b) => (i) => (b[i >> 2] >> ((i & 3) * 2)) & 3),
    price: () => column(manifest.columns.price, manifest.columns.priceWidth),
    // Products whose variants differ in price: every variant price, so a range keeps the product
    // when any of them is in it (the price column holds the lowest).
    variantPrices: () => manifest.columns.variantPrices
      ? fetchFile(manifest.columns.variantPrices, "gzip").then((bytes) =>
          new Map(JSON.parse(new TextDecoder().decode(bytes)).map(([n, ...prices]) => [n, prices])))
      : Promise.resolve(new Map()),
    // Per product, the category numbers it is in (its categories and their ancestors).
    categories: () => manifest.columns.categories
      ? fetchFile(manifest.columns.categories, "gzip").then((bytes) => JSON.parse(decoder.decode(bytes)))
      : Promise.resolve(null),
    dates: () => manifest.columns.dates
      ? fetchFile(manifest.columns.dates, "gzip").then((bytes) => JSON.parse(decoder.decode(bytes)))
      : Promise.resolve([]),
    // Per product, [average in tenths, review count], or null without reviews.
    ratings: () => manifest.columns.ratings
      ? fetchFile(manifest.columns.ratings, "gzip").then((bytes) => JSON.parse(decoder.decode(bytes)))
      : Promise.resolve([]),
  };

  // Orders besides relevance. Product numbers are in name order, so the number breaks ties by
  // name; a product without a date sorts after every dated one, never drops out. By rating: the
  // highest average first, ties by more reviews; products without reviews last.
  const SORTS = ["name", "price", "price-desc", "newest", "rating"];
  async function sortIDs(ids, sort, total) {
    if (sort === "name") return ids.sort((a, b) => a - b);
    if (sort === "price" || sort === "price-desc") {
      const priceOf = await columns.price();
      const sign = sort === "price" ? 1 : -1;
      return ids.sort((a, b) => sign * (priceOf(a) - priceOf(b)) || a - b);
    }
    if (sort === "newest") {
      const dates = await columns.dates();
      const day = (i) => (dates[i] == null ? -Infinity : dates[i]);
      return ids.sort((a, b) => day(b) - day(a) || a - b);
    }
    if (sort === "rating") {
      const ratings = await columns.ratings();
      const average = (i) => (ratings[i] ? ratings[i][0] : -1), reviews = (i) => (ratings[i] ? ratings[i][1] : 0);
      return ids.sort((a, b) => average(b) - average(a) || reviews(b) - reviews(a) || a - b);
    }
    return total ? ids.sort((a, b) => total[b] - total[a] || a - b) : ids;
  }

  // ---- Reading the form and the URL -----------------------------------------------------------

  function parsePrice(written, id) {
    const t = written.trim();
    if (t === "") return { value: null };
    const digits = manifest.currency.minorUnits;
    const m = /^(\d{1,13})(?:[.,](\d+))?$/.exec(t);
    if (!m || (m[2] || "").length > digits) {
      const example = digits ? "10." + "5".repeat(digits) : "1200";
      return { error: text(id, { price: t, example }) };
    }
    return { value: Number(m[1]) * 10 ** digits + Number((m[2] || "").padEnd(digits, "0") || 0) };
  }

  function readForm() {
    return {
      q: ui.q.value, brand: ui.brand.value, availability: ui.availability.value,
      category: ui.category ? ui.category.value : "", sort: ui.sort.value,
      min: ui.min.value.trim(), max: ui.max.value.trim(),
    };
  }

  function writeForm(state) {
    ui.q.value = state.q;
    ui.min.value = state.min;
    ui.max.value = state.max;
    setSelect(ui.brand, state.brand);
    setSelect(ui.availability, state.availability);
    if (ui.category) setSelect(ui.category, state.category);
    setSelect(ui.sort, state.sort);
  }

  function setSelect(select, value) {
    select.value = [...select.options].some((o) => o.value === value) ? value : "";
  }

  function stateFromURL() {
    const p = new URLSearchParams(location.search);
    return {
      q: p.get("q") || "", brand: p.get("brand") || "", availability: p.get("availability") || "",
      category: p.get("category") || "", sort: p.get("sort") || "",
      min: (p.get("min") || "").trim(), max: (p.get("max") || "").trim(),
    };
  }

  function urlFor(state) {
    const p = new URLSearchParams();
    for (const key of ["q", "brand", "category", "availability", "min", "max", "sort"]) if (state[key]) p.set(key, state[key]);
    const query = p.toString();
    return location.pathname + (query ? "?" + query : "");
  }

  // ---- Searching ------------------------------------------------------------------------------

  let generation = 0;
  let shown = { order: [], count: 0 };

  async function run(state) {
    const mine = ++generation;
    ui.results.dataset.state = "loading";
    const problems = [];
    const brandIndex = manifest.brands.findIndex((b) => b.slug === state.brand);
    if (state.brand && brandIndex < 0) problems.push(text("searchNoBrand", { brand: state.brand }));
    const categories = manifest.categories || [];
    const categoryIndex = categories.findIndex((c) => c.slug === state.category);
    if (state.category && categoryIndex < 0) problems.push(text("searchNoCategory", { category: state.category }));
    if (state.sort && !SORTS.includes(state.sort)) problems.push(text("searchBadSort", { sort: state.sort }));
    const availabilityIndex = manifest.availability.findIndex((a) => a.code === state.availability);
    if (state.availability && availabilityIndex < 0) problems.push(text("searchBadAvailability", { availability: state.availability }));
    const min = parsePrice(state.min, "searchBadLowestPrice");
    const max = parsePrice(state.max, "searchBadHighestPrice");
    for (const p of [min, max]) if (p.error) problems.push(p.error);
    if (min.value != null && max.value != null && max.value < min.value) {
      return finish(mine, [text("searchPricesSwapped", { min: state.min, max: state.max })], null);
    }
    const filters = {
      brand: brandIndex >= 0 ? brandIndex : -1,
      category: categoryIndex >= 0 ? categoryIndex : -1,
      availability: availabilityIndex >= 0 ? availabilityIndex : -1,
      min: min.error ? null : min.value, max: max.error ? null : max.value,
    };
    const hasFilter = filters.brand >= 0 || filters.category >= 0 || filters.availability >= 0 || filters.min != null ||
      filters.max != null;
    const queryWords = words(state.q);
    if (queryWords.length === 0 && !hasFilter) {
      showCounts(new Map(manifest.brands.map((b, i) => [i, b.products])), manifest.availability.map((a) => a.products),
        new Map(categories.map((c, i) => [i, c.products])));
      return finish(mine, problems, state.q.trim() ? { message: text("searchTypeWord") } : { message: "" });
    }

    const n = manifest.products;
    let total = null, single = null;
    const resolved = await Promise.all(queryWords.map(resolve));
    if (resolved.length === 1 && resolved[0].length === 1) single = resolved[0][0];
    // Every posting of every word at once: one round trip, not one per word.
    const postings = await Promise.all(resolved.map((matches) => Promise.all(matches.map((m) => posting(m.entry)))));
    for (const [w, matches] of resolved.entries()) {
      const best = new Uint8Array(n);
      for (const [k, { weight }] of matches.entries()) {
        for (const group of postings[w][k].groups) {
          const value = group.score * weight;
          for (const id of group.ids) if (best[id] < value) best[id] = value;
        }
      }
      if (!total) {
        total = new Uint16Array(n);
        for (let i = 0; i < n; i++) total[i] = best[i] ? best[i] : 0;
      } else {
        for (let i = 0; i < n; i++) total[i] = total[i] && best[i] ? total[i] + best[i] : 0;
      }
    }
    if (mine !== generation) return;

    let brandCounts = new Map(), availabilityCounts = manifest.availability.map(() => 0), categoryCounts = new Map();
    let ids = [];
    const fromPostings = !hasFilter && !single && total ? countsFromPostings(postings, total) : null;
    if (single && !hasFilter) {
      // One index word and no filter: its posting carries the counts.
      const p = await posting(single.entry);
      p.brands.forEach((count, brand) => brandCounts.set(brand, count));
      p.availability.forEach((count, i) => { availabilityCounts[i] = count; });
      for (let i = 0; i < n; i++) if (total[i]) ids.push(i);
    } else if (fromPostings) {
      ({ brands: brandCounts, availability: availabilityCounts, ids } = fromPostings);
    } else {
      const filtersPrice = filters.min != null || filters.max != null;
      const [brandOf, availabilityOf, priceOf, variantPrices, categoriesOf] = await Promise.all([
        columns.brand(), columns.availability(),
        filtersPrice ? columns.price() : null,
        filtersPrice ? columns.variantPrices() : null,
        columns.categories(),
      ]);
      const otherCurrency = 256 ** manifest.columns.priceWidth - 1;
      const inRange = (price) => !(filters.min != null && price < filters.min) && !(filters.max != null && price > filters.max);
      for (let i = 0; i < n; i++) {
        if (total && !total[i]) continue;
        if (priceOf) {
          const price = priceOf(i);
          const prices = variantPrices.get(i);
          if (price === otherCurrency || !(prices ? prices.some(inRange) : inRange(price))) continue;
        }
        const brand = brandOf(i), availability = availabilityOf(i), inCategories = categoriesOf ? categoriesOf[i] : [];
        const brandOK = filters.brand < 0 || brand === filters.brand;
        const categoryOK = filters.category < 0 || inCategories.includes(filters.category);
        const availabilityOK = filters.availability < 0 || availability === filters.availability;
        // Each facet counts the matches of every other filter, so its numbers say what choosing it gives.
        if (availabilityOK && categoryOK) brandCounts.set(brand, (brandCounts.get(brand) || 0) + 1);
        if (brandOK && categoryOK) availabilityCounts[availability]++;
        if (brandOK && availabilityOK) for (const c of inCategories) categoryCounts.set(c, (categoryCounts.get(c) || 0) + 1);
        if (brandOK && availabilityOK && categoryOK) ids.push(i);
      }
    }
    // The postings carry brand and availability counts, not categories': rather than fetch the
    // category column for a plain query, the category list then shows no counts.
    if ((single || fromPostings) && !hasFilter) categoryCounts = null;
    ids = await sortIDs(ids, SORTS.includes(state.sort) ? state.sort : "", total);
    if (mine !== generation) return;
    showCounts(brandCounts, availabilityCounts, categoryCounts);
    shown = { order: ids, count: 0 };
    return finish(mine, problems, { state, words: queryWords });
  }

  function showCounts(brandCounts, availabilityCounts, categoryCounts) {
    if (ui.category && manifest.categories) {
      manifest.categories.forEach((c, i) => {
        ui.category.options[i + 1].textContent = "\u00a0\u00a0".repeat(c.depth) + c.title +
          (categoryCounts ? " (" + (categoryCounts.get(i) || 0) + ")" : "");
      });
    }
    manifest.brands.forEach((brand, i) => {
      ui.brand.options[i + 1].textContent = brand.title + " (" + (brandCounts.get(i) || 0) + ")";
    });
    manifest.availability.forEach((a, i) => {
      ui.availability.options[i + 1].textContent = a.label + " (" + availabilityCounts[i] + ")";
    });
  }

  async function finish(mine, problems, outcome) {
    if (mine !== generation) return;
    ui.message.hidden = problems.length === 0;
    ui.message.textContent = problems.join(" ");
    ui.results.replaceChildren();
    ui.more.hidden = true;
    if (!outcome) {
      ui.status.textContent = "";
    } else if ("message" in outcome) {
      ui.status.textContent = outcome.message;
    } else {
      const count = shown.order.length;
      const query = outcome.words.length ? outcome.state.q.trim() : "";
      ui.status.textContent = count === 0
        ? text(query ? "searchNoneFoundFor" : "searchNoneFound", { query })
        : text(query ? "searchFoundFor" : "searchFound", { count, query });
      await showMore(mine);
    }
    if (mine === generation) ui.results.dataset.state = "done";
  }

  async function showMore(mine) {
    const size = manifest.records.size;
    const slice = shown.order.slice(shown.count, shown.count + PAGE_SIZE);
    const chunks = await Promise.all([...new Set(slice.map((id) => Math.floor(id / size)))].map(
      (c) => fetchFile("r-" + c + "-" + manifest.records.hashes[c] + ".json", "json").then((rows) => [c, rows])));
    if (mine !== generation) return null;
    const rows = new Map(chunks);
    let first = null;
    for (const id of slice) {
      const item = render(rows.get(Math.floor(id / size))[id % size]);
      first = first || item;
      ui.results.append(item);
    }
    shown.count += slice.length;
    ui.more.hidden = shown.count >= shown.order.length;
    return first;
  }

  // A seventh member, the list price, is there only while a promotion lowers the price (null when
  // an eighth follows); an eighth, [average in tenths, review count], for a product with reviews.
  function render([name, url, brand, price, thumbnail, availability, listPrice, rating]) {
    const li = document.createElement("li");
    li.className = "search-result";
    if (thumbnail) {
      const img = document.createElement("img");
      img.src = /^https?:\/\//.test(thumbnail) ? thumbnail : assetRoot + thumbnail;
      img.alt = "";
      img.width = 64; img.height = 64; img.loading = "lazy";
      li.append(img);
    } else {
      const none = document.createElement("span");
      none.className = "no-image";
      li.append(none);
    }
    const details = document.createElement("div");
    const link = document.createElement("a");
    link.href = root + url;
    link.textContent = name;
    const meta = document.createElement("div");
    meta.className = "card-meta";
    meta.textContent = manifest.brands[brand] ? manifest.brands[brand].title : "";
    details.append(link, meta);
    if (rating && ui.rating) details.append(ratingText(rating));
    const priceText = document.createElement("span");
    priceText.className = "price";
    priceText.textContent = price;
    if (listPrice) {
      const was = document.createElement("del");
      was.className = "list-price";
      const hidden = document.createElement("span");
      hidden.className = "visually-hidden";
      hidden.textContent = text("priceWas") + " ";
      was.append(hidden, listPrice);
      priceText.append(" ", was);
    }
    li.append(details, priceText);
    const code = manifest.availability[availability];
    if (code && code.code !== "in_stock") {
      const badge = document.createElement("span");
      badge.className = "badge badge-" + code.code;
      badge.textContent = code.label;
      details.append(badge);
    }
    return li;
  }

  /** "★ 4.3 (127)" with its words for screen readers, from the page's template. */
  function ratingText([tenths, count]) {
    const part = ui.rating.content.firstElementChild.cloneNode(true);
    const average = Math.floor(tenths / 10) + "." + (tenths % 10);
    for (const element of part.querySelectorAll("[data-average]")) element.textContent = average;
    for (const element of part.querySelectorAll("[data-count]")) element.textContent = String(count);
    for (const element of part.querySelectorAll("[data-review-word]")) element.textContent = text("reviewWord", { count });
    return part;
  }

  // ---- Wiring ---------------------------------------------------------------------------------

  let typingTimer = 0;
  function update(push) {
    const state = readForm();
    const url = urlFor(state);
    if (url !== location.pathname + location.search) history[push ? "pushState" : "replaceState"](null, "", url);
    return run(state).catch(fail);
  }

  /** The shopper reads the page's own sentence; the browser's error, in its own words, is for the console. */
  function fail(error) {
    console.error("Vitrine search:", error);
    ui.message.hidden = false;
    ui.message.textContent = text("searchUnavailable");
    ui.results.dataset.state = "done";
  }

  form.addEventListener("submit", (event) => { event.preventDefault(); clearTimeout(typingTimer); update(true); });
  ui.q.addEventListener("input", () => { clearTimeout(typingTimer); typingTimer = setTimeout(() => update(false), 150); });
  ui.brand.addEventListener("change", () => update(true));
  ui.availability.addEventListener("change", () => update(true));
  if (ui.category) ui.category.addEventListener("change", () => update(true));
  ui.sort.addEventListener("change", () => update(true));
  ui.more.addEventListener("click", async () => {
    const first = await showMore(generation);
    if (first) first.querySelector("a").focus();
  });
  window.addEventListener("popstate", () => { const s = stateFromURL(); writeForm(s); run(s).catch(fail); });
  document.addEventListener("keydown", (event) => {
    // "/" jumps to the search box from anywhere but a text field, as on many sites.
    if (event.key === "/" && !/^(INPUT|SELECT|TEXTAREA)$/.test(document.activeElement.tagName)) {
      event.preventDefault();
      ui.q.focus();
    }
  });

  fetchFile(manifestURL.href, "json").then((m) => {
    manifest = m;
    if (m.prices) {
      const digits = m.currency.minorUnits;
      const major = (v) => (v / 10 ** digits).toFixed(digits);
      ui.min.placeholder = major(m.prices.min);
      ui.max.placeholder = major(m.prices.max);
    }
    const state = stateFromURL();
    writeForm(state);
    const brandKnown = !state.brand || m.brands.some((b) => b.slug === state.brand);
    if (!brandKnown) ui.brand.value = "";
    return run(state);
  }).catch(fail);
})();
