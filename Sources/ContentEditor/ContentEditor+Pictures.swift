import CatalogModel
import ContentLoader
import Foundation
import Hummingbird

/// Pictures a form sends: checked by libvips, named after their record, written only with a
/// successful save, and staged for the next try when a save is refused.
extension ContentEditor {
    /// A picture sent with the form (or kept from an earlier post of it), checked and named.
    struct PendingPicture {
        var key: String
        /// Where it goes: `images/products/rose-water.jpg`.
        var relative: String
        var bytes: [UInt8]
        var filename: String
        var size: PixelSize
        /// Its token when it was staged by an earlier post.
        var token: String?
    }

    /// The pictures a form brings: each image key's upload, else the picture an earlier post
    /// staged for it (unless the form discards it), checked by libvips and named after the record.
    func pendingPictures(
        _ form: FormBody, kind: RecordKind, slug: String, session: String?, errors: inout [String: [String]]
    ) -> [PendingPicture] {
        var out: [PendingPicture] = []
        for rule in kind.fields where FieldControl(rule.type) == .image {
            let field = RecordForm.uploadField(rule.key)
            let token = form[RecordForm.stagedField(rule.key)].flatMap { StagedUploads.isToken($0) ? $0 : nil }
            let filename: String
            let bytes: [UInt8]
            if let upload = form.files[field], !upload.bytes.isEmpty {
                if let token { staged.remove(token, session: session) }
                (filename, bytes) = (upload.filename, upload.bytes)
            } else if let token, form[RecordForm.discardField(rule.key)] != nil {
                staged.remove(token, session: session)
                continue
            } else if let token {
                guard let kept = staged.picture(token, session: session) else {
                    errors[field, default: []].append(
                        "the picture kept from your last try is gone (the editor restarted, or it waited longer than a day); choose it again")
                    continue
                }
                (filename, bytes) = (kept.filename, kept.bytes)
            } else {
                continue
            }
            guard let size = PixelSize.read(header: Array(bytes.prefix(256 * 1024))), let ext = Self.pictureExtension(bytes) else {
                errors[field, default: []].append("\(filename): not a JPEG, PNG, WebP or GIF picture; upload a photo in one of those formats")
                continue
            }
            let name = pictureName(kind: kind, slug: Slug(slug) == nil ? "upload" : slug, key: rule.key, ext: ext, bytes: bytes)
            if let problem = ContentFolder.pictureProblem(bytes, name: (name as NSString).lastPathComponent) {
                errors[field, default: []].append("\(filename): \(problem)")
                continue
            }
            let kept = form.files[field].map { !$0.bytes.isEmpty } == true ? nil : token
            out.append(PendingPicture(key: rule.key, relative: name, bytes: bytes, filename: filename, size: size, token: kept))
        }
        return out
    }

    /// A picture an earlier post staged, for the form's preview of it; only to its own session.
    func stagedPicture(_ request: Request, token: String) -> Response {
        guard let picture = staged.picture(token, session: security.session(of: request)), let ext = Self.pictureExtension(picture.bytes)
        else { return notFound(request) }
        var headers = HTTPFields()
        headers[.contentType] = ext == "jpg" ? "image/jpeg" : "image/\(ext)"
        headers[.cacheControl] = "no-store"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: picture.bytes)))
    }

    static func pictureExtension(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "gif" }
        if bytes.count > 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }

    /// `images/products/rose-water.jpg`; `-2`, `-3`… when another picture has the name already.
    func pictureName(kind: RecordKind, slug: String, key: String, ext: String, bytes: [UInt8]) -> String {
        let stem = "images/\(kind.folder ?? "misc")/\(slug)" + (key == "image" || key == "logo" ? "" : "-\(key)")
        var candidate = "\(stem).\(ext)"
        var number = 2
        while let existing = folder.bytes(candidate), existing != Data(bytes) {
            candidate = "\(stem)-\(number).\(ext)"
            number += 1
        }
        return candidate
    }
}
