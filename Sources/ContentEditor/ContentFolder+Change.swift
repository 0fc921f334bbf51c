import Foundation

/// What became of a save: the change is on disk, the file moved on since its form was opened
/// (with what is there now, for the conflict page), or the disk refused it.
enum SaveOutcome {
    case written
    case conflict(Data?)
    case failed(String)
}

extension ContentFolder {
    /// What one save does to the folder. Every form edits one file, so one file's version decides
    /// whether the save may go ahead; the files that come with it (a new record's photo) are
    /// written first, so the record never names a picture that is not there yet.
    struct Change {
        var relative: String
        /// The file's new bytes; nil removes it (a translation with every field cleared, a deleted record).
        var data: Data?
        var alongside: [(relative: String, data: Data)] = []
    }

    /// Applies `change` only while its file is the version `revision` names, the version its form
    /// was opened on; an empty revision means the form found no file, so any file there now came
    /// since, readable or not. The caller holds the editor's write lock across this call, so that
    /// no other save slips in between the check and the write.
    func apply(_ change: Change, ifAt revision: String) -> SaveOutcome {
        let onDisk = bytes(change.relative)
        let moved = revision.isEmpty
            ? FileManager.default.fileExists(atPath: url(change.relative).path) : Self.revision(onDisk) != revision
        if moved { return .conflict(onDisk) }
        do {
            for file in change.alongside { try write(file.data, to: file.relative) }
            if let data = change.data {
                try write(data, to: change.relative)
            } else if !revision.isEmpty {
                try remove(change.relative)
            }
            return .written
        } catch {
            return .failed(error.localizedDescription)
        }
    }
}
