public import Foundation

public struct BuildOptions: Sendable {
    public var contentFolder: URL
    public var templatesFolder: URL
    public var outputFolder: URL
    /// "Now" for promotions; fixed by `--clock` or `SOURCE_DATE_EPOCH` for reproducible output.
    public var clock: Date
    /// Warnings fail the build.
    public var strict: Bool
    /// Called from any thread with (done, total) while pages render.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Write only this part of the site (`--shard K/N`), with a manifest for `vitrine merge`.
    /// Only for a full build: an incremental build's record describes a whole site.
    public var shard: BuildShard?
    /// Where derived pictures are kept; nil: beside the output folder (`.Output.vitrine-cache/images`),
    /// pruned after each build. A folder named here may serve several sites or outputs, so no
    /// build prunes it.
    public var pictureCache: URL?
    /// Whether a successful build may leave its catalog, plan and jobs for the process's exit to
    /// reclaim instead of freeing them object by object: `vitrine build` exits right after, and
    /// freeing a 100,000-product build took over a second on one core. A process that builds
    /// again (the preview server) keeps the default.
    public var leavesMemoryToExit = false

    public init(
        contentFolder: URL, templatesFolder: URL, outputFolder: URL, clock: Date, strict: Bool = false,
        progress: (@Sendable (Int, Int) -> Void)? = nil, shard: BuildShard? = nil, pictureCache: URL? = nil
    ) {
        self.contentFolder = contentFolder
        self.templatesFolder = templatesFolder
        self.outputFolder = outputFolder
        self.clock = clock
        self.strict = strict
        self.progress = progress
        self.shard = shard
        self.pictureCache = pictureCache
    }
}
