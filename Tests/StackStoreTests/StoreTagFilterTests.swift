import Foundation
import StackAPI
import TestSupport
import XCTest
@testable import StackStore

/// Several tags AND-ed in SQL: the same questions in the same order whatever order the tags come in, full pages,
/// and an exact "more follow" from asking one more than a page (issue 19: `plutus;nft` on cardano was empty one way
/// round and 12 questions the other).
final class StoreTagFilterTests: StoreTestCase {
    /// Every page of `tags` in `sort`, read as the app reads them (`limit + 1`, the extra one only says more follow).
    private func pages(_ store: Store, _ tags: [String], _ sort: StoreSort, size: Int) throws -> [(titles: [String], hasMore: Bool)] {
        var pages: [(titles: [String], hasMore: Bool)] = []
        var offset = 0
        while true {
            let rows = try store.questions(site: "cardano", sort: sort, tags: tags, offset: offset, limit: size + 1)
            pages.append((rows.prefix(size).map(\.question.title), rows.count > size))
            guard rows.count > size else { return pages }
            offset += size
        }
    }

    /// The expected list, worked out without SQL's tag filter: every question, sorted in Swift, tags checked in Swift.
    private func expected(_ store: Store, _ tags: [String], _ sort: StoreSort) throws -> [String] {
        let all = try store.questions(site: "cardano", sort: .activity, tags: [], limit: 100_000).map(\.question)
        XCTAssertEqual(all.count, try store.questionCount(site: "cardano"))
        func key(_ question: Question) -> Int {
            switch sort {
            case .activity: Int(question.lastActivityDate?.timeIntervalSince1970 ?? 0)
            case .creation: Int(question.creationDate?.timeIntervalSince1970 ?? 0)
            case .votes: question.score ?? 0
            }
        }
        return all.filter { question in tags.allSatisfy(question.tags.contains) }
            .sorted { key($0) != key($1) ? key($0) > key($1) : $0.questionID > $1.questionID }
            .map(\.title)
    }

    func testTwoTagsGiveTheSameFullPagesInEitherOrderOnCardano() throws {
        let store = try importedStore("cardano")
        for pair in [["plutus", "nft"], ["plutus", "smart-contract"]] {
            for sort in StoreSort.allCases {
                let forward = try pages(store, pair, sort, size: 5)
                let backward = try pages(store, pair.reversed(), sort, size: 5)
                let label = "\(pair.joined(separator: ";")) by \(sort)"
                XCTAssertEqual(forward.map(\.titles), backward.map(\.titles), label)
                XCTAssertEqual(forward.map(\.hasMore), backward.map(\.hasMore), label)
                XCTAssertEqual(forward.flatMap(\.titles), try expected(store, pair, sort), label)
                XCTAssertTrue(forward.dropLast().allSatisfy { $0.titles.count == 5 && $0.hasMore }, "full pages: \(label)")
                XCTAssertEqual(forward.last?.hasMore, false, label)
            }
        }
        XCTAssertEqual(try store.questions(site: "cardano", sort: .activity, tags: ["nft", "plutus"], limit: 100).count, 12,
                       "the API's count for plutus;nft")
        let wide = try store.questions(site: "cardano", sort: .votes, tags: ["smart-contract", "plutus"], limit: 30)
        XCTAssertEqual(wide.count, 30, "a full first page of plutus;smart-contract")
    }

    func testTheOneTagOverloadAndRepeatedTagsGiveWhatTheListGives() throws {
        let store = try importedStore("cardano")
        let one = try store.questions(site: "cardano", sort: .votes, tag: "plutus", offset: 3, limit: 10)
        XCTAssertEqual(one.count, 10)
        XCTAssertEqual(one, try store.questions(site: "cardano", sort: .votes, tags: ["plutus"], offset: 3, limit: 10))
        XCTAssertEqual(one, try store.questions(site: "cardano", sort: .votes, tags: ["plutus", "plutus"], offset: 3, limit: 10))
        XCTAssertEqual(one, try store.questions(site: "cardano", sort: .votes, tags: ["Plutus"], offset: 3, limit: 10))
        XCTAssertEqual(try store.questions(site: "cardano", sort: .votes, tags: ["plutus", "no-such-tag"]), [])
        XCTAssertEqual(try store.questions(site: "cardano", sort: .votes, tags: ["plutus'); DROP TABLE question; --"]), [])
        XCTAssertEqual(try store.questions(site: "cardano", sort: .creation, tags: [], limit: 7),
                       try store.questions(site: "cardano", sort: .creation, tag: nil, limit: 7))
    }
}
