/// The kinds of screen, as tests and the status line name them.
public enum ScreenKind: Hashable, Sendable {
    case questionList
    case answersFeed
    case question(id: Int)
    case picker
    case help
    case linkPicker
    case savedList
    case waysForward
    case inbox
}

/// One screen on the view stack with everything it shows. The screens under the top one are left as they were,
/// so popping back to one restores its selection, scroll and loaded pages exactly.
public enum ScreenState: Hashable, Sendable {
    /// The question list: the site's questions, search results, or a tag-filtered list.
    case questions(QuestionListState)
    case answersFeed(AnswersFeedState)
    case question(QuestionState)
    case picker(PickerState)
    case help(HelpState)
    case links(LinkPickerState)
    /// The site's saved questions.
    case saved(SavedListState)
    /// What to do when a site's first page can come from nowhere.
    case waysForward(WaysForwardState)
    /// The logged-in user's inbox across sites.
    case inbox(InboxState)
}

/// How to take one kind of screen state out of a `ScreenState` and put it back.
struct CasePath<Value> {
    let extract: (ScreenState) -> Value?
    let embed: (Value) -> ScreenState
}

extension CasePath where Value == QuestionListState {
    static var questions: Self { .init(extract: { if case .questions(let v) = $0 { v } else { nil } }, embed: ScreenState.questions) }
}

extension CasePath where Value == AnswersFeedState {
    static var answersFeed: Self { .init(extract: { if case .answersFeed(let v) = $0 { v } else { nil } }, embed: ScreenState.answersFeed) }
}

extension CasePath where Value == QuestionState {
    static var question: Self { .init(extract: { if case .question(let v) = $0 { v } else { nil } }, embed: ScreenState.question) }
}

extension CasePath where Value == PickerState {
    static var picker: Self { .init(extract: { if case .picker(let v) = $0 { v } else { nil } }, embed: ScreenState.picker) }
}

extension CasePath where Value == WaysForwardState {
    static var waysForward: Self { .init(extract: { if case .waysForward(let v) = $0 { v } else { nil } }, embed: ScreenState.waysForward) }
}

extension CasePath where Value == SavedListState {
    static var saved: Self { .init(extract: { if case .saved(let v) = $0 { v } else { nil } }, embed: ScreenState.saved) }
}

/// What a screen's reducer asks of the root reducer besides effects: a move on the stack.
enum Navigation: Hashable, Sendable {
    /// Open a question (from a list or the feed), scrolled to `focus` (an answer) once laid out.
    case openQuestion(id: Int, focus: Int?)
    case openAnswersFeed
    /// Pick one of these tags to list questions by (`.tag`) or to watch or unwatch (`.watch`).
    case openTagPicker([String], purpose: PickerState.Purpose)
    /// The thread's links to choose one from.
    case openLinkPicker(LinkPickerState)
    /// Open a question of this site by a link to it (an answer-only link: its question is looked up first).
    case openQuestionLink(questionID: Int?, answerID: Int?)
    case pop
    /// Pop, then reload the screen under (the ways-forward screen's retry).
    case retryBelow
    /// The ways forward when the site's first page can come from nowhere (`reason` says why).
    case openWaysForward(reason: String)
    /// A list with these settings changed (pushed; the bottom list's own settings pop back to it).
    case browse(BrowseChange)
    /// The inbox as it was, pushed again (over another site's list after a site switch, so `q` comes back to it).
    case keepInbox(InboxState)
}

/// A change to a question list's settings, asked for by a prompt or a picker.
enum BrowseChange: Hashable, Sendable {
    /// Replace the search, keeping the tags (nil clears it).
    case search(String?)
    case tags([String])
    /// One tag, without the search.
    case tag(String)
    /// Another site: the stack starts over.
    case site(String)
}
