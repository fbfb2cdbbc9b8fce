import StackAPI

/// What the root reducer needs of one kind of screen. Each screen's state conforms once, in its feature's file, and
/// `ScreenState.feature` registers it: the root keys, commands, Esc, the loading indicator, popping and
/// `CommandScope` reach every screen through this protocol, so adding a screen is its feature (state + this
/// conformance), its view (`Rendering.ScreenView`) and one registration — a case of `ScreenState` and its line in
/// `feature`. A screen's reducer reads what screens share from a `ScreenContext` (a copy) and returns an `Outcome`
/// (its effects, moves and changes to the shared state, its status message among them), which the root applies.
protocol ScreenFeature: Hashable, Sendable {
    /// The kind of screen, as tests and the status line name it.
    var kind: ScreenKind { get }
    /// This state back as a screen on the stack.
    var screen: ScreenState { get }
    /// The loads it waits for; popping it cancels them.
    var loadTokens: [LoadToken] { get }
    /// The commands with a place of their own (`CommandScope`) this screen's reducer acts on.
    var commandsActedOn: Set<Command> { get }
    /// A screen over the lists (help, a picker): search, tags, site and saved ask to close it first.
    var isOverlay: Bool { get }
    /// A screen that stands for the first one (nothing under it can be shown): `q` quits from it.
    var standsForFirstScreen: Bool { get }
    /// A key before the keymap sees it (typing into a picker); nil leaves it to the keymap.
    mutating func key(_ key: Key, _ context: ScreenContext) -> Outcome?
    /// A command the root leaves to the screen on top.
    mutating func command(_ command: Command, _ context: ScreenContext) -> Outcome
    /// A load's result (`Action.loaded`), whether or not this screen still waits for `token` (each handler checks);
    /// nil when this screen asks for no load of that kind.
    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome?
    /// Esc: cancels what it loads, keeping what it shows; nil when there is nothing to cancel.
    mutating func cancelLoads(_ context: ScreenContext) -> Outcome?
    /// The loading indicator of `token` is due, if that load is this screen's.
    mutating func showIndicator(_ token: LoadToken)
    /// Question `id` as this screen lists it (a list's copy, with its body when the page carried bodies), if it does.
    func listedQuestion(_ id: Int) -> Question?
}

extension ScreenFeature {
    var loadTokens: [LoadToken] { [] }
    var isOverlay: Bool { false }
    var standsForFirstScreen: Bool { false }
    mutating func key(_ key: Key, _ context: ScreenContext) -> Outcome? { nil }
    mutating func loaded(_ token: LoadToken, _ result: LoadResult, _ context: ScreenContext) -> Outcome? { nil }
    mutating func cancelLoads(_ context: ScreenContext) -> Outcome? { nil }
    mutating func showIndicator(_ token: LoadToken) {}
    func listedQuestion(_ id: Int) -> Question? { nil }
}

extension ScreenState {
    /// The registry of screens: the feature each screen state is. The one place a new screen is registered (with
    /// its case above).
    var feature: any ScreenFeature {
        switch self {
        case .questions(let list): list
        case .answersFeed(let feed): feed
        case .question(let thread): thread
        case .picker(let picker): picker
        case .help(let help): help
        case .links(let links): links
        case .saved(let saved): saved
        case .waysForward(let ways): ways
        case .inbox(let inbox): inbox
        }
    }

    /// The screen's state, for the views (`Rendering.ScreenView`) to draw.
    public var content: any Sendable { feature }

    public var kind: ScreenKind { feature.kind }

    /// The loads this screen waits for (cancelled when it is popped).
    var loadTokens: [LoadToken] { feature.loadTokens }

    /// This screen as a paged list, when it is one (a question list, the answers feed, the saved list).
    var pagedList: (any PagedScreen)? { feature as? any PagedScreen }
}
