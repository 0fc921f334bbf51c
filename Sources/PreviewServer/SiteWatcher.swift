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

    public init(site: PreviewSite, interval: Duration = .milliseconds(100), settle: Duration = .milliseconds(15)) {
        self.site = site
        self.interval = interval
        self.settle = settle
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
        var last = await site.lastScan
        var sincePing = Duration.zero
        var sinceClock = Duration.zero
        while !Task.isCancelled {
            do { try await Task.sleep(for: interval) } catch { return }
            sincePing += interval
            sinceClock += interval
            if sincePing >= .seconds(15) {
                sincePing = .zero
                await site.broadcast(.ping)
            }
            if sinceClock >= .seconds(1) {
                sinceClock = .zero
                await site.clockTick()
            }
            var scan = Self.scan(options)
            guard scan != last else { continue }
            while true {
                do { try await Task.sleep(for: settle) } catch { return }
                let again = Self.scan(options)
                if again == scan { break }
                scan = again
            }
            last = scan
            await site.rebuild(scan: scan)
        }
    }

    static func scan(_ options: BuildOptions) -> InputScan {
        InputScan(content: options.contentFolder, templates: options.templatesFolder)
    }
}
