import XCTest
import StackAPI
import TestSupport

/// Every recorded response in `api/` decodes to its model, or maps to the exact expected `APIError`.
final class RecordedResponseTests: XCTestCase {
    func testEveryRecordedFileIsCatalogued() throws {
        let files = try RecordedResponseCatalog.files()
        XCTAssertGreaterThanOrEqual(files.count, 78)
        for (relative, _) in files {
            XCTAssertNotNil(RecordedResponseCatalog.kinds[relative], "no expected model for \(relative)")
        }
    }

    func testEveryRecordedFileDecodesOrFailsPrecisely() throws {
        for (relative, url) in try RecordedResponseCatalog.files() {
            guard let kind = RecordedResponseCatalog.kinds[relative] else { continue }
            let data = try Data(contentsOf: url)
            let status = RecordedResponseCatalog.status(of: relative, kind: kind, in: url)
            switch kind {
            case .questions: try assertDecodesAndRoundTrips(Question.self, data, status, relative)
            case .answers: try assertDecodesAndRoundTrips(Answer.self, data, status, relative)
            case .comments: try assertDecodesAndRoundTrips(Comment.self, data, status, relative)
            case .users: try assertDecodesAndRoundTrips(User.self, data, status, relative)
            case .sites: try assertDecodesAndRoundTrips(Site.self, data, status, relative)
            case .info: try assertDecodesAndRoundTrips(Info.self, data, status, relative)
            case .tags: try assertDecodesAndRoundTrips(Tag.self, data, status, relative)
            case .json: try assertDecodesAndRoundTrips(JSONValue.self, data, status, relative)
            case .error(let expected):
                for status in [status, 200] {
                    let result = ResponseDecoder.decode(Question.self, from: data, httpStatus: status)
                    XCTAssertEqual(result.failure, expected, "\(relative) with status \(status)")
                }
            }
        }
    }

    func testErrorFilesWereServedWithHTTP400() throws {
        let files = try RecordedResponseCatalog.files()
        let error = try XCTUnwrap(files.first { $0.relative == "ruby-stackoverflow-vcr/error.json" })
        let kind = try XCTUnwrap(RecordedResponseCatalog.kinds[error.relative])
        XCTAssertEqual(RecordedResponseCatalog.status(of: error.relative, kind: kind, in: error.url), 400)
    }

    func testCommentAddRecordingLacksCommentIDAndSaysWhere() throws {
        let files = try RecordedResponseCatalog.files()
        let url = try XCTUnwrap(files.first { $0.relative == "stacman-csharp/Comment_add_test.json" }?.url)
        let result = ResponseDecoder.decode(Comment.self, from: try Data(contentsOf: url), httpStatus: 200)
        XCTAssertEqual(result.failure, .undecodable(path: "items.0.comment_id", reason: "missing field"))
    }

    /// Decodes, then encodes and decodes again: the second decode must equal the first.
    private func assertDecodesAndRoundTrips<Item: Codable & Sendable & Equatable>(
        _ type: Item.Type, _ data: Data, _ status: Int, _ relative: String
    ) throws {
        switch ResponseDecoder.decode(type, from: data, httpStatus: status) {
        case .failure(let error):
            XCTFail("\(relative) as \(type): \(error.summary)")
        case .success(let wrapper):
            XCTAssertNil(wrapper.errorID, relative)
            let encoded = try JSONEncoder().encode(wrapper)
            let again = try ResponseDecoder.decode(type, from: encoded, httpStatus: 200).get()
            XCTAssertEqual(again, wrapper, "round trip of \(relative)")
        }
    }
}

extension Result {
    /// The error, or nil on success.
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
