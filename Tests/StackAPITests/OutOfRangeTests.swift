import Foundation
import StackAPI
import XCTest

/// Numbers the API should never send (1e20 dates, 1e30 scores, negative counts) decode as unknown (nil)
/// while the rest of the item, and the rest of the page, still decodes.
final class OutOfRangeTests: XCTestCase {
    /// Dates no real response holds: far future and past, fractional, too large for Double, before 2000, after 9999.
    private let impossibleDates = ["1e20", "-1e20", "1.5", "1600000000.5", "1e400", "0", "-1", "253402300800", "null"]

    private func items<Item: Decodable & Sendable>(_ type: Item.Type, _ objects: [String]) throws -> [Item] {
        let body = #"{"items":[\#(objects.joined(separator: ","))],"has_more":false}"#
        return try ResponseDecoder.decode(type, from: Data(body.utf8), httpStatus: 200).get().items
    }

    private func item<Item: Decodable & Sendable>(_ type: Item.Type, _ object: String) throws -> Item {
        try XCTUnwrap(items(type, [object]).first)
    }

    func testAPIDateRange() {
        XCTAssertEqual(APIDate.date(fromUnixSeconds: 1_600_000_000), Date(timeIntervalSince1970: 1_600_000_000))
        XCTAssertNotNil(APIDate.date(fromUnixSeconds: 946_684_800), "2000-01-01")
        XCTAssertNotNil(APIDate.date(fromUnixSeconds: 253_402_300_799), "9999-12-31T23:59:59")
        for seconds in [946_684_799, 253_402_300_800, 1e20, -1e20, 1.5, .infinity, -.infinity, .nan] {
            XCTAssertNil(APIDate.date(fromUnixSeconds: seconds), "\(seconds)")
        }
        XCTAssertNil(APIDate.unixSeconds(Date(timeIntervalSince1970: 1e20)))
        XCTAssertEqual(APIDate.unixSeconds(Date(timeIntervalSince1970: 1_600_000_000.9)), 1_600_000_000)
        XCTAssertEqual(APIDate.clampedUnixSeconds(Date(timeIntervalSince1970: 1e20)), 253_402_300_799)
        XCTAssertEqual(APIDate.clampedUnixSeconds(Date(timeIntervalSince1970: -1e20)), 946_684_800)
        XCTAssertEqual(APIDate.clampedUnixSeconds(Date(timeIntervalSince1970: .nan)), 946_684_800)
        XCTAssertEqual(APIDate.clampedUnixSeconds(Date(timeIntervalSince1970: 1_700_000_000.7)), 1_700_000_000)
    }

    func testQuestionWithImpossibleDateKeepsEverythingElse() throws {
        for date in impossibleDates {
            let json = #"{"question_id":7,"title":"T &amp; U","score":3,"answer_count":2,"view_count":40,"tags":["a"],"#
                + #""creation_date":\#(date),"last_activity_date":1600000100,"closed_date":\#(date)}"#
            let question = try item(Question.self, json)
            XCTAssertNil(question.creationDate, date)
            XCTAssertNil(question.closedDate, date)
            XCTAssertEqual(question.lastActivityDate, Date(timeIntervalSince1970: 1_600_000_100), date)
            XCTAssertEqual(question.questionID, 7)
            XCTAssertEqual(question.title, "T & U")
            XCTAssertEqual(question.score, 3)
            XCTAssertEqual(question.answerCount, 2)
            XCTAssertEqual(question.viewCount, 40)
            XCTAssertEqual(question.tags, ["a"])
        }
    }

    func testQuestionCounts() throws {
        let json = #"{"question_id":7,"title":"t","creation_date":1600000000,"score":1e30,"answer_count":-5,"#
            + #""view_count":1.5,"comment_count":1e20,"bounty_amount":-50,"accepted_answer_id":1e20}"#
        let question = try item(Question.self, json)
        XCTAssertNil(question.score)
        XCTAssertNil(question.answerCount)
        XCTAssertNil(question.viewCount)
        XCTAssertNil(question.commentCount)
        XCTAssertNil(question.bountyAmount)
        XCTAssertNil(question.acceptedAnswerID)
        XCTAssertEqual(question.creationDate, Date(timeIntervalSince1970: 1_600_000_000))

        let plain = try item(Question.self, #"{"question_id":8,"title":"t","score":-3,"answer_count":null,"view_count":1.0}"#)
        XCTAssertEqual(plain.score, -3, "scores may be negative")
        XCTAssertNil(plain.answerCount, "null is unknown")
        XCTAssertEqual(plain.viewCount, 1, "1.0 is a whole number")
        XCTAssertNil(plain.creationDate, "an absent date is unknown, not an error")
        let omitted = try item(Question.self, #"{"question_id":9,"title":"t","creation_date":1600000000}"#)
        XCTAssertEqual([omitted.score, omitted.answerCount, omitted.viewCount], [0, 0, 0], "the API omits zeros")
    }

    func testOneBadItemDoesNotFailThePage() throws {
        let good = #"{"question_id":1,"title":"good","creation_date":1600000000,"score":5}"#
        let bad = #"{"question_id":2,"title":"bad","creation_date":1e20,"score":1e30,"answer_count":-5}"#
        let page = try items(Question.self, [good, bad, good])
        XCTAssertEqual(page.map(\.questionID), [1, 2, 1])
        XCTAssertEqual(page.map(\.score), [5, nil, 5])
        XCTAssertEqual(page[1].title, "bad")
    }

    func testWrongTypeIsStillAnErrorNamingItsPath() {
        let body = #"{"items":[{"question_id":1,"title":"t","creation_date":"x"}]}"#
        let result = ResponseDecoder.decode(Question.self, from: Data(body.utf8), httpStatus: 200)
        guard case .failure(.undecodable(let path, _)) = result else {
            return XCTFail("expected undecodable, got \(result)")
        }
        XCTAssertEqual(path, "items.0.creation_date")
    }

    func testAnswersAndFeedItems() throws {
        for date in impossibleDates {
            let json = #"{"answer_id":3,"question_id":7,"title":"Q &amp; A","score":1e30,"is_accepted":true,"#
                + #""creation_date":\#(date),"last_edit_date":\#(date),"comment_count":-1,"owner":{"display_name":"Ann","reputation":1e30,"user_id":-4}}"#
            let answer = try item(Answer.self, json)
            XCTAssertNil(answer.creationDate, date)
            XCTAssertNil(answer.lastEditDate, date)
            XCTAssertNil(answer.score)
            XCTAssertNil(answer.commentCount)
            XCTAssertNil(answer.owner?.reputation)
            XCTAssertNil(answer.owner?.userID)
            XCTAssertEqual(answer.owner?.displayName, "Ann")
            XCTAssertEqual(answer.answerID, 3)
            XCTAssertEqual(answer.questionID, 7)
            XCTAssertEqual(answer.title, "Q & A")
            XCTAssertTrue(answer.isAccepted)
        }
    }

    func testReadingOrderWithUnknownScoresAndDates() throws {
        let known = Answer(answerID: 1, questionID: 9, score: 0, creationDate: Date(timeIntervalSince1970: 1_600_000_000))
        let unknownScore = Answer(answerID: 2, questionID: 9, score: nil, creationDate: Date(timeIntervalSince1970: 1_600_000_000))
        let unknownDate = Answer(answerID: 3, questionID: 9, score: 0, creationDate: nil)
        let ordered = QuestionThread.readingOrder([unknownScore, unknownDate, known], acceptedAnswerID: nil)
        XCTAssertEqual(ordered.map(\.answerID), [1, 3, 2])
    }

    func testComments() throws {
        for date in impossibleDates {
            let json = #"{"comment_id":5,"post_id":3,"score":1.5,"creation_date":\#(date),"body":"<p>hi</p>","edited":true}"#
            let comment = try item(Comment.self, json)
            XCTAssertNil(comment.creationDate, date)
            XCTAssertNil(comment.score)
            XCTAssertEqual(comment.commentID, 5)
            XCTAssertEqual(comment.postID, 3)
            XCTAssertEqual(comment.body, "<p>hi</p>")
            XCTAssertTrue(comment.edited)
        }
    }

    func testSites() throws {
        let json = #"{"name":"Beer, Wine &amp; Spirits","api_site_parameter":"beer","site_url":"https://beer.stackexchange.com","#
            + #""launch_date":1e19,"open_beta_date":-1e20,"closed_beta_date":1327968000,"site_state":"normal"}"#
        let site = try item(Site.self, json)
        XCTAssertNil(site.launchDate)
        XCTAssertNil(site.openBetaDate)
        XCTAssertEqual(site.closedBetaDate, Date(timeIntervalSince1970: 1_327_968_000))
        XCTAssertEqual(site.name, "Beer, Wine & Spirits")
        XCTAssertEqual(site.apiSiteParameter, "beer")
        XCTAssertEqual(site.siteState, "normal")
    }

    func testInfo() throws {
        let json = #"{"total_questions":1e30,"total_unanswered":-5,"total_answers":12,"questions_per_minute":-1,"#
            + #""answers_per_minute":0.25,"badges_per_minute":1e400,"total_users":1.5,"api_revision":"r1","#
            + #""site":{"name":"S","api_site_parameter":"s","site_url":"https://s","launch_date":1e19}}"#
        let info = try item(Info.self, json)
        XCTAssertNil(info.totalQuestions)
        XCTAssertNil(info.totalUnanswered)
        XCTAssertNil(info.questionsPerMinute)
        XCTAssertNil(info.badgesPerMinute)
        XCTAssertNil(info.totalUsers)
        XCTAssertEqual(info.totalAnswers, 12)
        XCTAssertEqual(info.answersPerMinute, 0.25)
        XCTAssertEqual(info.totalVotes, 0, "omitted counts are zero")
        XCTAssertEqual(info.apiRevision, "r1")
        XCTAssertEqual(info.site?.name, "S")
        XCTAssertNil(info.site?.launchDate)
    }

    func testUsers() throws {
        let json = #"{"user_id":4,"account_id":1e20,"display_name":"Bo","reputation":-5,"accept_rate":150,"#
            + #""creation_date":1e20,"last_access_date":-1e20,"last_modified_date":1600000000,"reputation_change_week":-20,"#
            + #""question_count":1e30,"answer_count":3,"badge_counts":{"gold":1e30,"silver":-1,"bronze":2}}"#
        let user = try item(User.self, json)
        XCTAssertNil(user.accountID)
        XCTAssertNil(user.reputation)
        XCTAssertNil(user.acceptRate)
        XCTAssertNil(user.creationDate)
        XCTAssertNil(user.lastAccessDate)
        XCTAssertNil(user.questionCount)
        XCTAssertNil(user.badgeCounts?.gold)
        XCTAssertNil(user.badgeCounts?.silver)
        XCTAssertEqual(user.badgeCounts?.bronze, 2)
        XCTAssertEqual(user.userID, 4)
        XCTAssertEqual(user.displayName, "Bo")
        XCTAssertEqual(user.reputationChangeWeek, -20, "a week's change may be negative")
        XCTAssertEqual(user.answerCount, 3)
        XCTAssertEqual(user.lastModifiedDate, Date(timeIntervalSince1970: 1_600_000_000))
    }

    func testTags() throws {
        let tags = try items(Tag.self, [
            #"{"name":"c&#43;&#43;","count":-5,"last_activity_date":1e20,"user_id":1e30,"has_synonyms":true}"#,
            #"{"name":"swift","count":1e30}"#,
            #"{"name":"go","count":12,"last_activity_date":1600000000}"#,
        ])
        XCTAssertEqual(tags.map(\.name), ["c++", "swift", "go"])
        XCTAssertEqual(tags.map(\.count), [nil, nil, 12])
        XCTAssertNil(tags[0].lastActivityDate)
        XCTAssertNil(tags[0].userID)
        XCTAssertTrue(tags[0].hasSynonyms)
        XCTAssertEqual(tags[2].lastActivityDate, Date(timeIntervalSince1970: 1_600_000_000))
    }

    func testWrapperNumbers() throws {
        let json = #"{"items":[],"has_more":true,"quota_max":-300,"quota_remaining":1e30,"backoff":1e20,"#
            + #""page":1e20,"page_size":-1,"total":1.5,"error_id":1e30}"#
        let wrapper = try JSONDecoder().decode(ResponseWrapper<Question>.self, from: Data(json.utf8))
        XCTAssertTrue(wrapper.hasMore)
        XCTAssertNil(wrapper.quotaMax)
        XCTAssertNil(wrapper.quotaRemaining)
        XCTAssertEqual(wrapper.backoff, 1e20, "kept as sent: the backoff gate bounds the wait and the status line shows it")
        XCTAssertNil(wrapper.page)
        XCTAssertNil(wrapper.pageSize)
        XCTAssertNil(wrapper.total)
        XCTAssertNil(wrapper.errorID)
        XCTAssertEqual(Page(wrapper, requestedPage: 3).page, 3, "the requested page stands in for an impossible one")

        for (text, expected) in [("-1", nil), ("0", 0), ("0.2", 0.2), ("86400", 86_400), ("86401", 86_401), ("1e400", nil)] as [(String, Double?)] {
            let body = #"{"items":[],"backoff":\#(text),"quota_remaining":-5,"page":\#(text)}"#
            let decoded = try JSONDecoder().decode(ResponseWrapper<Question>.self, from: Data(body.utf8))
            XCTAssertEqual(decoded.backoff, expected, text)
            XCTAssertEqual(decoded.quotaRemaining, -5, "old recordings show negative quota")
        }
        let lastPage = try JSONDecoder().decode(ResponseWrapper<Question>.self, from: Data(#"{"items":[],"page":2147483648}"#.utf8))
        XCTAssertNil(lastPage.page, "a page past Int32.max could not be followed by the next one")
    }

    func testUnknownValuesRoundTripAsNull() throws {
        let question = Question(questionID: 1, title: "t", viewCount: nil, answerCount: 2, score: nil, creationDate: nil)
        let data = try JSONEncoder().encode(question)
        let text = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(text.contains(#""score":null"#), text)
        XCTAssertFalse(text.contains("creation_date"), "an unknown date is left out: \(text)")
        XCTAssertEqual(try JSONDecoder().decode(Question.self, from: data), question)

        let farFuture = Question(questionID: 2, title: "t", creationDate: Date(timeIntervalSince1970: 1e20))
        let encoded = String(decoding: try JSONEncoder().encode(farFuture), as: UTF8.self)
        XCTAssertFalse(encoded.contains("creation_date"), "an implausible date is not written: \(encoded)")
    }

    func testRequestDatesAreClamped() throws {
        let request = APIRequest.questions(site: "s", fromDate: Date(timeIntervalSince1970: -1e20), toDate: Date(timeIntervalSince1970: 1e20))
        let values = Dictionary(uniqueKeysWithValues: request.query.map { ($0.name, $0.value) })
        XCTAssertEqual(values["fromdate"], "946684800")
        XCTAssertEqual(values["todate"], "253402300799")
    }
}
