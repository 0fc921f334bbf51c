import Foundation
public import ServiceLifecycle
import SiteBuilder

/// Looks at the content and template folders every `interval` (stamps only: cheap on ten
/// thousand files) and rebuilds when something was added, removed or saved. Polling works on
/// every system and every file system, network shares included. After a change it waits for a
/// burst of writes (an editor's save, a `git checkout`) to settle before building.
public struct SiteWatcher: Service {
    let site: PreviewSite
    let interval: Duration
    let settle: Duration
    /// How long after the last quick update the full pass waits, so a burst of edits is one pass.
    let fullPassDelay: Duration

    public init(
        site: PreviewSite, interval: Duration = .milliseconds(100), settle: Duration = .milliseconds(15),
        fullPassDelay: Duration = .milliseconds(250)
    ) {
        self.site = site
        self.interval = interval
        self.settle = settle
        self.fullPassDelay = fullPassDelay
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await watch()
        }
        await site.finishEvents()
        await site.saveState()
    }

    func watch() async {
        let options = site.options
        var last = await site.lastScan ?? Self.scan(options)
        #if canImport(Glibc)
        let events = FolderEvents(watching: [
            options.contentFolder.standardizedFileURL.path, options.templatesFolder.standardizedFileURL.path,
        ])
        #else
        let events: FolderEvents? = nil
        #endif
        defer { events?.stop() }
        var owed: InputScan?
        let started = ContinuousClock.now
        var lastChange = started, lastPing = started, lastClock = started, lastFullScan = started
        while !Task.isCancelled {
            if let events {
                await events.wait(upTo: owed == nil ? .seconds(1) : fullPassDelay)
            } else {
                do { try await Task.sleep(for: interval) } catch { return }
            }
            if Task.isCancelled { return }
            var now = ContinuousClock.now
            if now - lastPing >= .seconds(15) {
                lastPing = now
                await site.broadcast(.ping)
            }
            if now - lastClock >= .seconds(1) {
                lastClock = now
                await site.clockTick()
            }
            // Let a burst of writes (an editor's save, a checkout) land, then see what changed.
            do { try await Task.sleep(for: settle) } catch { return }
            var scan: InputScan
            if let events {
                let (paths, fullScan) = events.take()
                if fullScan || now - lastFullScan >= .seconds(10) {
                    // Now and then, and whenever the events may be incomplete, look at everything.
                    lastFullScan = now
                    scan = Self.scan(options)
                } else {
                    scan = last.updating(paths, content: options.contentFolder, templates: options.templatesFolder)
                }
            } else {
                scan = Self.scan(options)
                while scan != last {
                    do { try await Task.sleep(for: settle) } catch { return }
                    let again = Self.scan(options)
                    if again == scan { break }
                    scan = again
                }
            }
            now = ContinuousClock.now
            guard scan != last else {
                if let pending = owed, now - lastChange >= fullPassDelay {
                    owed = nil
                    await site.rebuild(scan: pending)
                }
                continue
            }
            last = scan
            lastChange = now
            owed = await site.changed(to: scan) ? scan : nil
        }
    }

    static func scan(_ options: BuildOptions) -> InputScan {
        InputScan(content: options.contentFolder, templates: options.templatesFolder)
    }
}
