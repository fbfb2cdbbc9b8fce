import Foundation
import StackAPI
import XCTest

/// A response never yields more items than the request's page size: the rest are not even decoded.
final class ItemLimitTests: XCTestCase {
    private func body(items: Int, thenBroken: Bool = false) -> Data {
        var list = (1...items).map { #"{"question_id":\#($0),"title":"t","creation_date":1600000000}"# }
        if thenBroken { list.append(#"{"question_id":"not a number"}"#) }
        return Data(#"{"items":[\#(list.joined(separator: ","))],"has_more":true}"#.utf8)
    }

    func testItemsPastThePageSizeAreDropped() throws {
        let request = APIRequest.questions(site: "cardano", pageSize: 3)
        XCTAssertEqual(request.itemLimit, 3)
        let decoded = try ResponseDecoder.decode(Question.self, from: body(items: 10), httpStatus: 200, request: request).get()
        XCTAssertEqual(decoded.items.map(\.questionID), [1, 2, 3])
        XCTAssertTrue(decoded.hasMore)
    }

    func testAnItemPastTheLimitIsNotDecoded() throws {
        let request = APIRequest.questions(site: "cardano", pageSize: 2)
        let decoded = ResponseDecoder.decode(Question.self, from: body(items: 2, thenBroken: true), httpStatus: 200,
                                             request: request)
        XCTAssertEqual(try decoded.get().items.count, 2, "the broken third item is never looked at")
    }

    func testWithoutAPageSizeTheAPIsLargestPageIsTheLimit() throws {
        let request = APIRequest.questionsByID(Array(1...150), site: "cardano")
        XCTAssertEqual(request.itemLimit, APIRequest.maximumPageSize)
        let decoded = try ResponseDecoder.decode(Question.self, from: body(items: 150), httpStatus: 200, request: request).get()
        XCTAssertEqual(decoded.items.count, 100)
    }

    func testWithoutARequestEveryItemIsKept() throws {
        let decoded = try ResponseDecoder.decode(Question.self, from: body(items: 150), httpStatus: 200).get()
        XCTAssertEqual(decoded.items.count, 150)
    }
}
