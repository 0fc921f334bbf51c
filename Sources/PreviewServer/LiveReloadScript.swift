import Foundation

/// The script the preview adds to every HTML page it serves (never to the built files): it
/// listens to `/_vitrine/events`, reloads the page after a rebuild, and while the content or a
/// template is broken shows the diagnostics over the page until they are fixed.
enum LiveReloadScript {
    static let eventsPath = "/_vitrine/events"

    static let html = """
        <script id="vitrine-live-reload">
        (function () {
          var generation = null, session = null, overlay = null;
          function show(errors) {
            if (overlay) { overlay.remove(); overlay = null; }
            if (!errors || errors.length === 0) { return; }
            overlay = document.createElement("div");
            overlay.id = "vitrine-error-overlay";
            overlay.setAttribute("role", "alert");
            overlay.style.cssText = "position:fixed;inset:0;z-index:2147483647;overflow:auto;padding:2rem;" +
              "background:rgba(20,20,20,.92);color:#fff;font:14px/1.5 ui-monospace,monospace";
            var title = document.createElement("h2");
            title.textContent = "The last change does not build; showing the last good version.";
            title.style.cssText = "margin:0 0 1rem;font:600 18px/1.3 system-ui,sans-serif;color:#ff8a80";
            var list = document.createElement("pre");
            list.textContent = errors.join("\\n");
            list.style.cssText = "white-space:pre-wrap;margin:0";
            var hint = document.createElement("p");
            hint.textContent = "Fix the file and save: this page reloads by itself.";
            hint.style.cssText = "font:14px system-ui,sans-serif;color:#bbb";
            overlay.append(title, list, hint);
            document.body.appendChild(overlay);
          }
          var source = new EventSource("\(eventsPath)");
          source.addEventListener("hello", function (event) {
            var state = JSON.parse(event.data);
            if (session !== null && (state.session !== session || state.generation !== generation)) {
              location.reload();
              return;
            }
            session = state.session;
            generation = state.generation;
            show(state.errors);
          });
          source.addEventListener("reload", function () { location.reload(); });
          source.addEventListener("failed", function (event) { show(JSON.parse(event.data).errors); });
        })();
        </script>

        """

    /// The page with the script added before `</body>` (at the end when there is none).
    static func inject(into page: String) -> String {
        guard let end = page.range(of: "</body>", options: [.caseInsensitive, .backwards]) else { return page + html }
        var result = page
        result.insert(contentsOf: html, at: end.lowerBound)
        return result
    }
}
