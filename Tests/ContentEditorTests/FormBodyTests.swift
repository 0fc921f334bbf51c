@testable import ContentEditor
import Foundation
import NIOCore
import Testing

@Suite("Reading submitted forms")
struct FormBodyTests {
    @Test func multipartFieldsRepeatFilesKeepTheirBytesAndLinesEndInLF() throws {
        let body = "--XyZ\r\nContent-Disposition: form-data; name=\"tags\"\r\n\r\nred\r\nblue\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"brands\"\r\n\r\naven\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"brands\"\r\n\r\norigins\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"_upload.image\"; filename=\"a \\\"b\\\".png\"\r\nContent-Type: image/png\r\n\r\n\u{1}\u{2}\r\u{3}\r\n"
            + "--XyZ\r\nContent-Disposition: form-data; name=\"_upload.logo\"; filename=\"\"\r\n\r\n\r\n"
            + "--XyZ--\r\n"
        let form = try FormBody.parse(ByteBuffer(string: body), contentType: "multipart/form-data; boundary=\"XyZ\"")
        #expect(form["tags"] == "red\nblue")
        #expect(form.all("brands") == ["aven", "origins"])
        #expect(form.files["_upload.image"]?.filename == "a \"b\".png")
        #expect(form.files["_upload.image"]?.bytes == [1, 2, 13, 3])
        // A file input left empty sends an empty part without a name: no upload.
        #expect(form.files["_upload.logo"] == nil)
    }

    @Test func urlEncodedFormsAreReadAndOtherBodiesRefused() throws {
        let form = try FormBody.parse(ByteBuffer(string: "name=Ros%C3%A9+Water&_body=a%0D%0Ab&empty="), contentType: "application/x-www-form-urlencoded")
        #expect(form["name"] == "Rosé Water")
        #expect(form["_body"] == "a\nb")
        #expect(form["empty"] == "")
        #expect(throws: FormBody.Problem.unsupportedType) { try FormBody.parse(ByteBuffer(string: "{}"), contentType: "application/json") }
        #expect(throws: FormBody.Problem.unsupportedType) { try FormBody.parse(ByteBuffer(string: "x"), contentType: "multipart/form-data") }
        #expect(throws: FormBody.Problem.malformed) {
            try FormBody.parse(ByteBuffer(string: "garbage without boundary"), contentType: "multipart/form-data; boundary=b")
        }
    }
}
