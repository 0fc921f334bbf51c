/// The editor's stylesheet and script, served from the binary. The script only improves the
/// forms (a live Markdown preview, a proposed slug); every form works without it.
enum EditorAssets {
    static let css = """
        :root { font-family: system-ui, sans-serif; line-height: 1.5; color: #1a1a1a; background: #fff; }
        body { margin: 0 auto; max-width: 60rem; padding: 0 1rem 4rem; }
        a { color: #0b5394; }
        .skip { position: absolute; left: -999px; }
        .skip:focus { left: 1rem; top: 1rem; background: #fff; padding: .5rem; }
        header { border-bottom: 1px solid #ccc; margin-bottom: 1rem; }
        header ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 1rem; }
        [aria-current] { font-weight: bold; }
        .field { margin: 0 0 1.25rem; border: 0; padding: 0; }
        .field label, .field legend { display: block; font-weight: 600; }
        .hint { margin: .1rem 0 .3rem; color: #444; font-size: .9rem; }
        .required { font-weight: normal; color: #444; }
        input[type=text], input[type=search], select, textarea { font: inherit; width: 100%; max-width: 40rem; box-sizing: border-box; padding: .35rem; border: 1px solid #555; border-radius: 3px; }
        textarea.code { font-family: ui-monospace, monospace; font-size: .9rem; }
        select[multiple] { max-width: 40rem; }
        [aria-invalid=true] { border: 2px solid #b00020; }
        .error { color: #b00020; font-weight: 600; margin: .2rem 0; }
        .error-summary { border: 3px solid #b00020; padding: .5rem 1rem; margin: 1rem 0; }
        .error-summary:focus { outline: 3px solid #fd0; }
        .notice { border-left: 6px solid #0a7d32; padding: .25rem 1rem; background: #eef8f0; }
        .warnings { border-left: 6px solid #8a6100; padding: .25rem 1rem; }
        .choice { display: inline-flex; gap: .3rem; margin-right: 1rem; }
        .choice label { font-weight: normal; }
        .upload { margin-top: .4rem; }
        .upload label { font-weight: normal; }
        .preview { border: 1px dashed #888; padding: 0 1rem; margin-top: .5rem; max-width: 40rem; }
        .preview:empty { display: none; }
        button { font: inherit; padding: .45rem 1.2rem; border: 0; border-radius: 3px; background: #0b5394; color: #fff; cursor: pointer; }
        button.danger { background: #b00020; }
        button:focus, a:focus, input:focus, select:focus, textarea:focus { outline: 3px solid #fd0; outline-offset: 1px; }
        table { border-collapse: collapse; width: 100%; }
        th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: 1rem 0; }
        .search input, .search select { width: auto; }
        .table-scroll { overflow-x: auto; max-width: 100%; }
        table.rows input, table.rows select { min-width: 7rem; width: 100%; }
        table.rows th[scope=row] { width: 2rem; }
        .versions { display: grid; grid-template-columns: 1fr 1fr; gap: 1rem; }
        .versions pre { white-space: pre-wrap; border: 1px solid #ccc; padding: .5rem; font-size: .85rem; }
        """

    static let javascript = """
        "use strict";
        (function () {
          var summary = document.getElementById("error-summary");
          if (summary) summary.focus();
          var csrf = document.querySelector("input[name=_csrf]");
          document.querySelectorAll("textarea[data-markdown]").forEach(function (area) {
            var target = document.getElementById(area.getAttribute("data-markdown"));
            var timer = null;
            function render() {
              var data = new FormData();
              data.append("_csrf", csrf ? csrf.value : "");
              data.append("markdown", area.value);
              fetch("/_vitrine/edit/_preview", { method: "POST", body: data, credentials: "same-origin" })
                .then(function (r) { return r.ok ? r.text() : ""; })
                .then(function (html) { target.innerHTML = html; })
                .catch(function () {});
            }
            area.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(render, 300); });
            if (area.value.trim()) render();
          });
          document.querySelectorAll("input[data-slug-from]").forEach(function (slug) {
            var source = document.getElementById(slug.getAttribute("data-slug-from"));
            if (!source) return;
            var edited = slug.value !== "";
            slug.addEventListener("input", function () { edited = slug.value !== ""; });
            source.addEventListener("change", function () {
              if (edited || !source.value.trim()) return;
              var url = "/_vitrine/edit/_slug?kind=" + encodeURIComponent(slug.getAttribute("data-kind")) +
                "&text=" + encodeURIComponent(source.value);
              fetch(url, { credentials: "same-origin" })
                .then(function (r) { return r.json(); })
                .then(function (answer) { if (!edited) slug.value = answer.slug; })
                .catch(function () {});
            });
          });
        })();
        """
}
