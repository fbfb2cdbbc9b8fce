import Foundation
import StackAPI
import XCTest

/// Issue 31: inbox items and notifications as the API sends them, decoded; a notification's HTML becomes a row's
/// plain title.
final class InboxItemTests: XCTestCase {
    func testAnInboxItemDecodesWithItsSiteAndTitleDecodedOnce() throws {
        let json = #"""
        {"items":[{"item_type":"new_answer","question_id":5,"answer_id":9,"title":"Q &amp; A","creation_date":1600000000,
          "is_unread":true,"link":"https://cardano.stackexchange.com/a/9",
          "site":{"name":"Cardano","api_site_parameter":"cardano","site_url":"https://cardano.stackexchange.com"}}],
         "has_more":false}
        """#
        let page = try ResponseDecoder.decode(InboxItem.self, from: Data(json.utf8), httpStatus: 200).get()
        let item = try XCTUnwrap(page.items.first)
        XCTAssertEqual(item.title, "Q & A")
        XCTAssertEqual(item.kindWords, "new answer")
        XCTAssertEqual(item.site?.apiSiteParameter, "cardano")
        XCTAssertEqual(item.answerID, 9)
        XCTAssertTrue(item.isUnread)
    }

    func testANotificationBecomesARowWithItsHTMLAsPlainText() throws {
        let json = #"""
        {"items":[{"notification_type":"badge_earned","body":"You've earned the <a href=\"/help/badges/1\">Teacher</a> badge &amp; more",
          "creation_date":1600000000,"is_unread":false,"post_id":12}],"has_more":false}
        """#
        let page = try ResponseDecoder.decode(UserNotification.self, from: Data(json.utf8), httpStatus: 200).get()
        let row = InboxItem(try XCTUnwrap(page.items.first))
        XCTAssertEqual(row.title, "You've earned the Teacher badge & more")
        XCTAssertEqual(row.kindWords, "badge earned")
        XCTAssertNil(row.questionID, "a notification opens no question")
        XCTAssertFalse(row.isUnread)
    }
}
