import StackAPI

/// What `stackterm print --question` or `print --search … --top-answer` prints: one thread, or its best answer.
public struct ThreadRequest: Equatable, Sendable {
    /// Where the thread comes from.
    public enum Source: Equatable, Sendable {
        /// A question by id; `answerID` is the answer the link pointed at, if any.
        case question(id: Int, answerID: Int?)
        /// An answer by id (an `/a/ID` link): its question is looked up first.
        case answer(id: Int)
        /// The first result of a relevance search that has answers.
        case search(query: String, tagged: [String])
    }

    /// The site's API parameter.
    public var site: String
    public var source: Source
    /// Print only one answer: the one the link named, else the accepted one, else the highest scored.
    public var topAnswerOnly: Bool
    /// Columns plain text is wrapped to.
    public var width: Int

    /// The default `--width` for plain text.
    public static let defaultWidth = 80
    /// The widths `--width` accepts.
    public static let widths = 20...1000

    public init(site: String, source: Source, topAnswerOnly: Bool = false, width: Int = ThreadRequest.defaultWidth) {
        self.site = site
        self.source = source
        self.topAnswerOnly = topAnswerOnly
        self.width = width
    }

    /// The question a `--question` value names: a positive id, or a question or answer link of any site
    /// (whose site then wins over `--site`). Nil when it is neither.
    public static func source(fromQuestionArgument text: String) -> (source: Source, site: String?)? {
        if text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int(text), id > 0 {
            return (.question(id: id, answerID: nil), nil)
        }
        guard let link = QuestionLink(text) else { return nil }
        if let questionID = link.questionID { return (.question(id: questionID, answerID: link.answerID), link.site) }
        if let answerID = link.answerID { return (.answer(id: answerID), link.site) }
        return nil
    }
}
