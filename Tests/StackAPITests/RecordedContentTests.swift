import XCTest
import StackAPI

/// Specific real content from the recorded responses (CC BY-SA, see each site's post URL).
final class RecordedContentTests: XCTestCase {
    func testStackSearchQuestionCarriesItsTwentyNineAnswers() throws {
        // https://stackoverflow.com/q/6827752
        let wrapper = try RecordedResponseCatalog.decode(Question.self, "stacksearch-so/answers.json")
        let question = try XCTUnwrap(wrapper.items.first)
        XCTAssertEqual(question.questionID, 6827752)
        XCTAssertEqual(question.title, "What's the difference between @Component, @Repository & @Service annotations in Spring?")
        XCTAssertEqual(question.answerCount, 29)
        XCTAssertNotNil(question.protectedDate)
        let answers = try XCTUnwrap(question.answers)
        XCTAssertEqual(answers.count, 29)
        XCTAssertEqual(answers.first?.answerID, 6827820)
        XCTAssertTrue(answers.allSatisfy { $0.questionID == 6827752 && !($0.body ?? "").isEmpty })
        XCTAssertEqual(answers.compactMap(\.score).max(), 1657)
        XCTAssertEqual(answers.filter { ($0.body ?? "").contains("<table") }.map(\.answerID), [6897038])
        XCTAssertEqual(wrapper.quotaRemaining, 232)
        XCTAssertFalse(wrapper.hasMore)
    }

    func testBodiesStayHTMLWhileTitlesAreDecoded() throws {
        let wrapper = try RecordedResponseCatalog.decode(Question.self, "stacksearch-so/answers.json")
        let question = try XCTUnwrap(wrapper.items.first)
        XCTAssertTrue(try XCTUnwrap(question.body).contains("<p>"))
        XCTAssertFalse(question.title.contains("&"+"#39;"))
    }

    func testRubyCommentsCarryBackoff() throws {
        let wrapper = try RecordedResponseCatalog.decode(Comment.self, "ruby-stackoverflow-vcr/comments.json")
        XCTAssertEqual(wrapper.backoff, 10)
        XCTAssertEqual(wrapper.items.count, 30)
        XCTAssertTrue(wrapper.hasMore)
        XCTAssertEqual(wrapper.items.first?.commentID, 188189)
        XCTAssertEqual(wrapper.items.first?.postID, 356342)
        XCTAssertNil(wrapper.items.first?.body, "default filter has no comment bodies")
    }

    func testFractionalBackoffAndPagingFields() throws {
        let backoff = try RecordedResponseCatalog.decode(Question.self, "perceval-anonymized/stackexchange_question_backoff_page.json")
        XCTAssertEqual(backoff.backoff, 0.2)
        XCTAssertEqual(backoff.type, "question")
        let page2 = try RecordedResponseCatalog.decode(Question.self, "perceval-anonymized/stackexchange_question_page_2.json")
        XCTAssertEqual(page2.page, 2)
        XCTAssertEqual(page2.pageSize, 1)
        XCTAssertEqual(page2.total, 2)
        XCTAssertEqual(page2.quotaMax, 10000)
        XCTAssertFalse(page2.hasMore)
        XCTAssertEqual(page2.items.first?.comments?.first?.commentID, 60495069)
        XCTAssertEqual(page2.items.first?.bodyMarkdown, "")
    }

    func testStacManNegativeQuotaAndDeletedOwner() throws {
        let wrapper = try RecordedResponseCatalog.decode(Question.self, "stacman-csharp/Questions_by_id_test.json")
        XCTAssertEqual(wrapper.quotaRemaining, -89970)
        let question = try XCTUnwrap(wrapper.items.first)
        XCTAssertEqual(question.questionID, 13332)
        XCTAssertEqual(question.title, "How do I run Worms: World Party on Ubuntu?")
        XCTAssertEqual(question.owner?.userType, "does_not_exist")
        XCTAssertNil(question.owner?.userID)
        XCTAssertEqual(question.tags, ["linux", "unix", "ubuntu"])
        XCTAssertEqual(question.creationDate, Date(timeIntervalSince1970: 1_278_527_266))
    }

    func testJapaneseTitles() throws {
        let wrapper = try RecordedResponseCatalog.decode(
            Question.self, "gcpug-ja.stackoverflow/questions_tagged_google-app-engine.json")
        XCTAssertEqual(wrapper.items.count, 11)
        XCTAssertFalse(wrapper.hasMore)
        let titles = Dictionary(uniqueKeysWithValues: wrapper.items.map { ($0.questionID, $0.title) })
        XCTAssertEqual(titles[12718], "App Engine Log TableからViewを生成したい")
        XCTAssertEqual(titles[11016], "NetBeans8.0.2でのGoogle App Engine for PHPの設定について")
        XCTAssertTrue(wrapper.items.allSatisfy { $0.tags.contains("google-app-engine") })
    }

    func testSearchTitleWithQuotesAndApostrophes() throws {
        let wrapper = try RecordedResponseCatalog.decode(Question.self, "gaea-search/search_advanced_questions.json")
        XCTAssertEqual(wrapper.items.count, 10)
        let title = wrapper.items.first { $0.questionID == 31622385 }?.title
        XCTAssertEqual(title, #"Upgrading to RSpec 3 and following deprecation notice results in "undefined method 'allow'""#)
    }

    func testDisplayNamesAreDecoded() throws {
        let wrapper = try RecordedResponseCatalog.decode(Comment.self, "ruby-stackoverflow-vcr/users_comments.json")
        let names = wrapper.items.flatMap { [$0.owner?.displayName, $0.replyToUser?.displayName] }.compactMap { $0 }
        XCTAssertTrue(names.contains("GrégoireC"), "\(names)")
        XCTAssertNotNil(wrapper.items.first { $0.replyToUser != nil })
    }

    func testUsersSitesInfoAndTags() throws {
        let users = try RecordedResponseCatalog.decode(User.self, "stacman-csharp/Users_get_all_test.json")
        XCTAssertEqual(users.items.first?.displayName, "Doug Harris")
        XCTAssertEqual(users.items.first?.reputation, 545)
        XCTAssertEqual(users.items.first?.location, "Washington, DC")
        XCTAssertEqual(users.quotaRemaining, -210785)
        let associated = try RecordedResponseCatalog.decode(User.self, "stackapi-py/users_associated.json")
        XCTAssertEqual(associated.items.first?.siteName, "Stack Overflow")
        XCTAssertEqual(associated.items.count, 30)

        let sites = try RecordedResponseCatalog.decode(Site.self, "stackapi-py/sites.json")
        XCTAssertEqual(sites.items.map(\.name), ["Stack Overflow", "Server Fault", "Super User", "Meta Stack Exchange",
                                                 "Web Applications"])
        let stackOverflow = try XCTUnwrap(sites.items.first)
        XCTAssertEqual(stackOverflow.apiSiteParameter, "stackoverflow")
        XCTAssertEqual(stackOverflow.styling?.linkColor, "#0077CC")
        XCTAssertEqual(stackOverflow.relatedSites?.map(\.relation), ["meta", "chat"])
        XCTAssertNil(stackOverflow.relatedSites?.last?.apiSiteParameter)

        let infos = try RecordedResponseCatalog.decode(Info.self, "stacman-csharp/Info_get_test.json")
        let info = try XCTUnwrap(infos.items.first)
        XCTAssertEqual(info.totalQuestions, 14647)
        XCTAssertEqual(info.totalUnanswered, 15)
        XCTAssertEqual(info.questionsPerMinute, 0.01)
        XCTAssertEqual(info.apiRevision, "2012.4.12.2100")

        let tags = try RecordedResponseCatalog.decode(Tag.self, "stacman-csharp/Tags_get_all_test.json")
        XCTAssertEqual(tags.items.map(\.name), ["league-of-legends", "pc"])
        XCTAssertEqual(tags.items.map(\.count), [768, 607])
    }

    func testEmptyPagesDecode() throws {
        for file in ["linked_questions", "users_featured_questions"] {
            let wrapper = try RecordedResponseCatalog.decode(Question.self, "ruby-stackoverflow-vcr/\(file).json")
            XCTAssertTrue(wrapper.items.isEmpty, file)
        }
        let notifications = try RecordedResponseCatalog.decode(JSONValue.self, "ruby-stackoverflow-vcr/users_unread_notifications.json")
        XCTAssertTrue(notifications.items.isEmpty)
    }

    func testUnmodelledFilesKeepTheirJSON() throws {
        let badges = try RecordedResponseCatalog.decode(JSONValue.self, "ruby-stackoverflow-vcr/badges.json")
        XCTAssertEqual(badges.items.count, 30)
        XCTAssertNotNil(badges.items.first?["badge_id"]?.intValue)
        XCTAssertNotNil(badges.items.first?["name"]?.stringValue)
    }
}
