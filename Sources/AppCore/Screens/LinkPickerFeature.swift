import StackAPI

/// One numbered link of a laid-out thread: `[number]` in the post `postID`, its text and its target.
public struct ThreadLink: Hashable, Sendable {
    /// Where in its post the link is shown.
    public enum Place: Hashable, Sendable {
        /// In the post's body.
        case body
        /// In the comment with this id, under the post.
        case comment(Int)
        /// In the list of questions linked with the question, under its body.
        case linkedQuestion
    }

    /// The post (the question or an answer) the link is in, or under.
    public var postID: Int
    /// The `n` of `[n]` in the thread's text: the thread's links are numbered once, from 1, in reading order.
    public var number: Int
    /// The link's text as the post shows it (may be empty).
    public var text: String
    /// The target as written in the HTML (a relative one kept relative).
    public var url: String
    /// Where in the post it is shown.
    public var place: Place

    public init(postID: Int, number: Int, text: String, url: String, place: Place = .body) {
        self.postID = postID
        self.number = number
        self.text = text
        self.url = url
        self.place = place
    }
}

/// The link picker's state: the thread's links, the one selected and the number being typed.
public struct LinkPickerState: Hashable, Sendable {
    /// The thread's links, in reading order.
    public var links: [ThreadLink]
    /// The index in `links` of the selected link.
    public var selection = 0
    /// Digits typed so far: they select link `[n]` (numbers are the thread's, one per link).
    public var typed = ""
    /// The post at the top of the question view when the picker opened.
    public var postInView: Int?

    /// A picker over `links` with the first link of `postInView` selected.
    public init(links: [ThreadLink], postInView: Int?) {
        self.links = links
        self.postInView = postInView
        selection = links.firstIndex { $0.postID == postInView } ?? 0
    }

    public var selected: ThreadLink? { links.indices.contains(selection) ? links[selection] : nil }
}

extension LinkPickerState: ScreenFeature {
    var kind: ScreenKind { .linkPicker }
    var screen: ScreenState { .links(self) }
    var commandsActedOn: Set<Command> { [.followLink, .open, .openInBrowser, .copyLink] }
    var isOverlay: Bool { true }

    mutating func key(_ key: Key, _ context: ScreenContext) -> Outcome? {
        LinkPickerFeature.key(key, &self)
    }

    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome {
        LinkPickerFeature.command(command, &self, context)
    }
}

/// The link picker's reducer: digits jump to `[n]`, the moves move, open follows the link, copy copies it.
enum LinkPickerFeature {
    /// Digits and Backspace (the number being typed); nil lets the keymap have the key.
    static func key(_ key: Key, _ picker: inout LinkPickerState) -> Outcome? {
        switch key {
        case .character(let c) where c.isASCII && c.isNumber:
            picker.typed = String((picker.typed + String(c)).suffix(4))
        case .backspace where !picker.typed.isEmpty:
            picker.typed.removeLast()
        default:
            return nil
        }
        jump(&picker)
        return Outcome()
    }

    /// Selects link `[typed]`, if the thread has one.
    private static func jump(_ picker: inout LinkPickerState) {
        guard let number = Int(picker.typed), let index = picker.links.firstIndex(where: { $0.number == number }) else { return }
        picker.selection = index
    }

    static func command(_ command: Command, _ picker: inout LinkPickerState, _ context: ScreenContext) -> Outcome {
        if let target = CursorMove.target(command, from: picker.selection, last: picker.links.count - 1,
                                          page: context.viewport.contentRows - 1) {
            picker.selection = target
            picker.typed = ""
            return Outcome()
        }
        switch command {
        case .followLink: return Outcome([], [.pop])
        case .open, .openInBrowser, .copyLink:
            guard let link = picker.selected else {
                var out = Outcome()
                out.setStatus("No link to follow", isError: false)
                return out
            }
            let url = SiteLinks.absolute(link.url, site: context.site)
            if command == .copyLink { return Reducer.linkCommand(.copyLink, url: url) }
            if command == .open, let target = QuestionLink(url), target.site == context.site {
                return Outcome([], [.pop, .openQuestionLink(questionID: target.questionID, answerID: target.answerID)])
            }
            return Reducer.linkCommand(.openInBrowser, url: url)
        default:
            picker.typed = ""
            return Outcome()
        }
    }
}
