import CatalogModel

/// The editor's stylesheet and script, served from the binary. The script only improves the
/// forms (a live Markdown preview, a proposed slug, table rows added and removed in the page, a
/// variant column per option as staff type); every form works without it.
enum EditorAssets {
    /// A variant's own keys, which name no option (`RowTable.columnName`), for the script.
    private static let ownKeys = "[" + Variant.ownKeys.map { "\"\($0)\"" }.joined(separator: ", ") + "]"

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
        .source { font-family: ui-monospace, monospace; font-size: .9rem; overflow-x: auto; padding-inline-start: 3.5em; }
        .source code { white-space: pre-wrap; }
        .source mark { background: #ffe08a; color: inherit; outline: 2px solid #b00020; }
        .unreadable-fields { border: 0; padding: 0; margin: 0; opacity: .6; }
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
        th, td { text-align: left; padding: .3rem .5rem; border-bottom: 1px solid #ddd; overflow-wrap: anywhere; }
        code { overflow-wrap: anywhere; }
        .search { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; margin: 1rem 0; }
        .search input, .search select { width: auto; max-width: 100%; min-width: 0; }
        .table-scroll { overflow-x: auto; max-width: 100%; position: relative; }
        /* A fieldset is as wide as its widest content unless told otherwise: the variant table's scroll box never scrolled. */
        fieldset { min-width: 0; }
        table.rows input, table.rows select { min-width: 7rem; width: 100%; }
        table.rows th[scope=row] { width: 2rem; }
        .implicit-save { position: absolute; left: -9999px; width: 1px; height: 1px; overflow: hidden; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
        button.secondary, button.remove { background: #fff; color: #0b5394; border: 1px solid #0b5394; }
        button.remove { padding: .2rem .6rem; }
        .options { display: flex; flex-wrap: wrap; gap: .75rem; }
        .options label { display: block; font-weight: normal; }
        .options input[type=text] { width: 12rem; }
        .checklist { max-height: 18rem; overflow-y: auto; max-width: 40rem; border: 1px solid #999; border-radius: 3px; padding: .3rem .6rem; }
        .checklist .choice { display: flex; margin: .15rem 0; }
        .staged { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; margin: .3rem 0 .6rem; }
        .staged img { max-width: 8rem; max-height: 8rem; border: 1px solid #ccc; }
        .staged p { margin: 0; flex: 1 1 16rem; }
        .versions { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); gap: 1rem; }
        .versions pre { white-space: pre-wrap; border: 1px solid #ccc; padding: .5rem; font-size: .85rem; }
        .pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(min(100%, 18rem), 1fr)); gap: .4rem 1rem; align-items: start; max-width: 60rem; }
        .default { background: #f3f3f3; border-left: 4px solid #777; padding: .2rem .6rem; min-width: 0; }
        .default .default-label { margin: 0; font-size: .85rem; font-weight: normal; color: #333; }
        .default-text { margin: .1rem 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .default textarea { background: #f3f3f3; border-color: #999; }
        .translated { min-width: 0; }
        table.terms { max-width: 50rem; }
        table.terms th[scope=row] { width: 45%; font-weight: normal; }
        table.terms input { width: 100%; }
        .stale { color: #8a1c00; font-size: .85rem; }
        .translations li { margin: .25rem 0; }
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

          // Tables of rows (a product's variants, a promotion's stores): rows are added and
          // removed in the page, and a product's option boxes give the variant table a column
          // each as staff type, as the server does for a form posted without this script.
          var OWN_KEYS = \(ownKeys);
          function label(key) {
            var out = key.charAt(0).toUpperCase();
            for (var i = 1; i < key.length; i++) {
              var c = key.charAt(i);
              out += c >= "A" && c <= "Z" ? " " + c.toLowerCase() : c;
            }
            return out.replace("Gtin", "GTIN").replace("Mpn", "MPN").replace("Sku", "SKU");
          }
          function columnName(text) {
            var name = text.trim();
            if (!name || name.indexOf(",") >= 0 || name.indexOf("|") >= 0 || OWN_KEYS.indexOf(name) >= 0) return null;
            return name;
          }
          // The columns after the option boxes changed from `shown` to `slots` (RowTable.followedColumns).
          function followed(columns, shown, slots) {
            var wanted = [];
            slots.forEach(function (text) {
              var name = columnName(text);
              if (name !== null && wanted.indexOf(name) < 0) wanted.push(name);
            });
            var renamed = Object.create(null), dropped = Object.create(null), targets = [];
            shown.forEach(function (text, index) {
              var old = columnName(text);
              if (old === null || columns.indexOf(old) < 0 || wanted.indexOf(old) >= 0 || old in renamed || old in dropped) return;
              var next = index < slots.length ? columnName(slots[index]) : null;
              if (next !== null && columns.indexOf(next) < 0 && targets.indexOf(next) < 0) {
                renamed[old] = next;
                targets.push(next);
              } else {
                dropped[old] = true;
              }
            });
            var result = [];
            columns.forEach(function (column) {
              if (!(column in dropped)) result.push({ name: column in renamed ? renamed[column] : column, from: column });
            });
            wanted.forEach(function (name) {
              if (result.some(function (r) { return r.name === name; })) return;
              var after = -1;
              result.forEach(function (r, i) { if (wanted.indexOf(r.name) >= 0) after = i; });
              if (after < 0) result.forEach(function (r, i) { if (r.name === "sku" && after < 0) after = i; });
              result.splice(after + 1, 0, { name: name, from: null });
            });
            return result;
          }
          function Rows(table) {
            this.table = table;
            this.key = table.getAttribute("data-rows");
            this.item = table.getAttribute("data-item");
            this.marker = document.querySelector("input[name='_rows." + this.key + "']");
          }
          Rows.prototype.columns = function () {
            var value = this.marker.value, bar = value.lastIndexOf("|");
            return value.slice(0, bar).split(",").filter(function (c) { return c !== ""; });
          };
          Rows.prototype.rows = function () { return this.table.tBodies[0].rows; };
          // Names, ids and labels by position, after rows came or went or columns changed.
          Rows.prototype.renumber = function () {
            var columns = this.columns(), head = this.table.tHead.rows[0], rows = this.rows();
            for (var r = 0; r < rows.length; r++) {
              var cells = rows[r].cells;
              cells[0].textContent = String(r + 1);
              for (var c = 0; c < columns.length; c++) {
                var control = cells[c + 1].querySelector("input, select");
                var name = this.key + "." + r + "." + columns[c];
                control.name = name;
                control.id = "f-" + name.replace(/[^A-Za-z0-9_-]/g, "-");
                control.setAttribute("aria-label", this.item + " " + (r + 1) + ": " + head.cells[c + 1].textContent);
              }
              var remove = cells[cells.length - 1].querySelector("button");
              remove.value = "remove:" + this.key + ":" + r;
              remove.setAttribute("aria-label", "Remove " + this.item.toLowerCase() + " " + (r + 1));
            }
            this.marker.value = columns.join(",") + "|" + rows.length;
          };
          function clear(row) {
            row.querySelectorAll("input").forEach(function (input) { input.value = ""; });
            row.querySelectorAll("select").forEach(function (select) { select.selectedIndex = 0; });
            row.querySelectorAll("[aria-invalid]").forEach(function (control) {
              control.removeAttribute("aria-invalid");
              control.removeAttribute("aria-describedby");
            });
          }
          Rows.prototype.add = function () {
            var rows = this.rows(), row = rows[rows.length - 1].cloneNode(true);
            clear(row);
            this.table.tBodies[0].appendChild(row);
            this.renumber();
            row.querySelector("input, select").focus();
          };
          Rows.prototype.remove = function (row) {
            var rows = this.rows();
            if (rows.length === 1) {
              clear(row);
              return;
            }
            var index = row.sectionRowIndex;
            row.parentNode.removeChild(row);
            this.renumber();
            var next = rows[Math.min(index, rows.length - 1)];
            next.cells[next.cells.length - 1].querySelector("button").focus();
          };
          Rows.prototype.follow = function (slots, shown) {
            var columns = this.columns();
            var plan = followed(columns, shown.map(function (input) { return input.value; }), slots);
            var head = this.table.tHead.rows[0];
            function rebuild(row, make) {
              var old = Object.create(null), last = row.cells[row.cells.length - 1];
              columns.forEach(function (column, i) { old[column] = row.cells[i + 1]; });
              var cells = plan.map(function (p) { return p.from !== null ? old[p.from] : make(); });
              while (row.cells.length > 2) row.removeChild(row.cells[1]);
              cells.forEach(function (cell) { row.insertBefore(cell, last); });
            }
            rebuild(head, function () {
              var th = document.createElement("th");
              th.setAttribute("scope", "col");
              return th;
            });
            plan.forEach(function (p, i) {
              var th = head.cells[i + 1];
              if (p.from !== p.name) th.textContent = label(p.name);
              th.setAttribute("data-column", p.name);
            });
            var rows = this.rows();
            for (var r = 0; r < rows.length; r++) {
              rebuild(rows[r], function () {
                var td = document.createElement("td"), input = document.createElement("input");
                input.type = "text";
                td.appendChild(input);
                return td;
              });
            }
            this.marker.value = plan.map(function (p) { return p.name; }).join(",") + "|" + rows.length;
            shown.forEach(function (input, i) { input.value = i < slots.length ? slots[i] : ""; });
            this.renumber();
          };
          document.querySelectorAll("table[data-rows]").forEach(function (table) {
            var rows = new Rows(table);
            if (!rows.marker) return;
            table.addEventListener("click", function (event) {
              var button = event.target.closest("button[value^='remove:']");
              if (!button) return;
              event.preventDefault();
              rows.remove(button.closest("tr"));
            });
            var add = document.querySelector("button[value='add:" + rows.key + "']");
            if (add) add.addEventListener("click", function (event) { event.preventDefault(); rows.add(); });
            if (rows.key !== "variants") return;
            var boxes = [].slice.call(document.querySelectorAll("input[data-options-for='variants']"));
            var shown = [].slice.call(document.querySelectorAll("input[name='_shown.options']"));
            function follow() { rows.follow(boxes.map(function (box) { return box.value; }), shown); }
            boxes.forEach(function (box) { box.addEventListener("input", follow); });
            // The table follows the boxes as staff type: the button that redraws it is not needed.
            document.querySelectorAll("[data-script-hides]").forEach(function (button) { button.hidden = true; });
          });
        })();
        """
}
