import XCTest
import StackAPI

final class ModelRoundTripTests: XCTestCase {
    private func roundTrip<Value: Codable & Equatable>(_ value: Value, file: StaticString = #filePath, line: UInt = #line) throws {
        let data = try JSONEncoder().encode(value)
        XCTAssertEqual(try JSONDecoder().decode(Value.self, from: data), value, file: file, line: line)
    }

    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    func testQuestionWithNestedAnswersAndComments() throws {
        let owner = ShallowUser(userID: 7, displayName: "O'Brien & <Sons>", reputation: 10, userType: "registered",
                                acceptRate: 50, badgeCounts: BadgeCounts(gold: 1, silver: 2, bronze: 3))
        let comment = Comment(commentID: 3, postID: 2, score: 1, owner: owner, creationDate: date, body: "<p>hi</p>",
                              edited: true, replyToUser: ShallowUser(displayName: "&#39;literal&#39;"))
        let answer = Answer(answerID: 2, questionID: 1, score: -1, isAccepted: true, owner: owner, creationDate: date,
                            title: "Title \"quoted\"", body: "<p>a &amp; b</p>", tags: ["c#"], comments: [comment])
        let question = Question(questionID: 1, title: "What's &amp; new? <b>", tags: ["c++", "r&d"], owner: owner,
                                isAnswered: true, viewCount: 5, answerCount: 1, score: 3, acceptedAnswerID: 2,
                                creationDate: date, lastActivityDate: date, link: "https://x/q/1", body: "<p>x</p>",
                                closedDate: date, closedReason: "duplicate", commentCount: 1,
                                contentLicense: "CC BY-SA 4.0", answers: [answer], comments: [comment])
        try roundTrip(question)
        let wire = String(decoding: try JSONEncoder().encode(question), as: UTF8.self)
        XCTAssertTrue(wire.contains("What&#39;s &amp;amp; new? &lt;b&gt;"), wire)
    }

    func testUserSiteInfoTagAndWrapper() throws {
        try roundTrip(User(userID: 1, displayName: "Zoë & co", reputation: 1, location: "São Paulo",
                           creationDate: date, badgeCounts: BadgeCounts(), siteName: "Stack Overflow"))
        try roundTrip(Site(name: "Arqade & <Gaming>", apiSiteParameter: "gaming", siteURL: "https://gaming.stackexchange.com",
                           audience: "passionate videogamers", launchDate: date,
                           styling: SiteStyling(linkColor: "#000"),
                           relatedSites: [RelatedSite(name: "Meta & more", siteURL: "https://meta", relation: "meta")]))
        try roundTrip(Info(totalQuestions: 3, questionsPerMinute: 0.5, apiRevision: "1",
                           site: Site(name: "A", apiSiteParameter: "a", siteURL: "https://a")))
        try roundTrip(Tag(name: "c++", count: 9, hasSynonyms: true))
        try roundTrip(ResponseWrapper(items: [JSONValue.object(["a": .array([.null, .bool(true), .number(1.5), .string("s")])])],
                                      hasMore: true, quotaMax: 300, quotaRemaining: -5, backoff: 0.2, page: 2,
                                      pageSize: 30, total: 100, type: "thing"))
    }

    func testOmittedFieldsGetDefaults() throws {
        let json = #"{"items":[{"question_id":9,"title":"t","creation_date":1}]}"#
        let question = try ResponseDecoder.decode(Question.self, from: Data(json.utf8), httpStatus: 200).get().items[0]
        XCTAssertEqual(question.tags, [])
        XCTAssertEqual(question.viewCount, 0)
        XCTAssertEqual(question.answerCount, 0)
        XCTAssertEqual(question.score, 0)
        XCTAssertFalse(question.isAnswered)
        XCTAssertNil(question.owner)
        XCTAssertNil(question.answers)
    }

    func testErrorBodyDecodesAsWrapperWithoutItems() throws {
        let json = #"{"error_id":404,"error_name":"no_method","error_message":"no method"}"#
        let wrapper = try JSONDecoder().decode(ResponseWrapper<Question>.self, from: Data(json.utf8))
        XCTAssertEqual(wrapper.items, [])
        XCTAssertEqual(wrapper.errorID, 404)
        XCTAssertEqual(wrapper.errorName, "no_method")
        XCTAssertEqual(wrapper.errorMessage, "no method")
    }
}
