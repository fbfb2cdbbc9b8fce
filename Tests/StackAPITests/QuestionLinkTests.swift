import StackAPI
import XCTest

/// Question and answer links of any site, read into (site, question, answer).
final class QuestionLinkTests: XCTestCase {
    func testEveryLinkShapeNamesItsQuestionAndAnswer() {
        let cases: [(String, QuestionLink)] = [
            ("https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster",
             QuestionLink(site: "stackoverflow", questionID: 11227809, answerID: nil)),
            ("https://unix.stackexchange.com/questions/12/title/34#34", QuestionLink(site: "unix", questionID: 12, answerID: 34)),
            ("http://superuser.com/questions/5/x#7", QuestionLink(site: "superuser", questionID: 5, answerID: 7)),
            ("https://stackoverflow.com/q/12/3", QuestionLink(site: "stackoverflow", questionID: 12, answerID: nil)),
            ("https://math.stackexchange.com/a/34/567", QuestionLink(site: "math", questionID: nil, answerID: 34)),
            ("https://math.meta.stackexchange.com/q/9", QuestionLink(site: "math.meta", questionID: 9, answerID: nil)),
            ("https://meta.stackoverflow.com/questions/1", QuestionLink(site: "meta.stackoverflow", questionID: 1, answerID: nil)),
            ("https://mathoverflow.net/questions/3", QuestionLink(site: "mathoverflow.net", questionID: 3, answerID: nil)),
            ("HTTPS://WWW.StackOverflow.com/questions/4", QuestionLink(site: "stackoverflow", questionID: 4, answerID: nil)),
            ("  https://cardano.stackexchange.com/questions/2  ", QuestionLink(site: "cardano", questionID: 2, answerID: nil)),
            ("https://ru.stackoverflow.com/q/5", QuestionLink(site: "ru.stackoverflow", questionID: 5, answerID: nil)),
            ("https://meta.mathoverflow.net/q/6", QuestionLink(site: "meta.mathoverflow.net", questionID: 6, answerID: nil)),
        ]
        for (text, expected) in cases {
            XCTAssertEqual(QuestionLink(text), expected, text)
        }
    }

    func testAnythingElseIsNotALink() {
        for text in ["", "12", "stackoverflow.com/questions/1", "ftp://stackoverflow.com/questions/1",
                     "https://stackoverflow.com/users/1", "https://stackoverflow.com/questions/abc",
                     "https://stackoverflow.com/questions/-1", "https://stackoverflow.com/questions/+1",
                     "https://stackoverflow.com/questions/0", "https://stackoverflow.com/questions/99999999999999999999",
                     "https://stackexchange.com/questions/1", "https://st\u{202E}ack.com/questions/1",
                     "https://stackoverflow.com/", "javascript:alert(1)",
                     // Hosts that only start like a site (issue 32): never a site named after the whole host.
                     "https://cardano.stackexchange.com.evil.example/q/1", "https://stackoverflow.com.evil.com/q/1",
                     "https://evil.example/questions/1", "https://a.b.stackexchange.com/q/1", "https://x.net/q/1",
                     "https://.stackexchange.com/q/1", "https://a..stackexchange.com/q/1"] {
            XCTAssertNil(QuestionLink(text), text)
        }
    }

    func testAnAnswerIdNeverComesFromAMalformedFragment() {
        XCTAssertEqual(QuestionLink("https://stackoverflow.com/questions/1/t#comment5_6")?.answerID, nil)
        XCTAssertEqual(QuestionLink("https://stackoverflow.com/questions/1/t/x#8")?.answerID, 8)
    }
}
