import AppCore
import Foundation
import Highlighting
import Rendering
import StackAPI
import StackRetrieval
import TerminalUI

/// The running program: owns the state, the terminal, the event loop and the effect runner.
@MainActor
public final class AppRunner {
    private var state: AppState
    private let terminal: Terminal
    private let loop: EventLoop
    private let effects: EffectRunner
    private let layouter = ThreadLayouter(codeStyler: CodeHighlighter())
    private var presentedState: AppState?
    private let clock: DisplayClock
    /// The grace end of the layout a frame is held for, once a redraw is scheduled at it (`holdFrameForLayout`).
    private var heldUntil: DispatchTime?

    init(configuration: RuntimeConfiguration, terminal: Terminal) {
        let factory = RequestFactory(baseURL: configuration.baseURL, key: configuration.apiKey)
        self.terminal = terminal
        self.clock = configuration.clock
        self.loop = EventLoop(terminal: terminal)
        self.effects = EffectRunner(RunnerEnvironment(
            retrieval: Retrieval(factory: factory),
            outside: ExternalActions(launcher: BrowserLauncher(browserInTerminal: configuration.browserInTerminal),
                                     terminalDescriptor: terminal.outputDescriptor),
            local: configuration.local, storeProblem: configuration.storeProblem, offline: configuration.offline,
            liveURL: configuration.liveURL,
            liveRefreshSeconds: configuration.liveRefreshSeconds, bell: configuration.bell,
            accessToken: configuration.login?.token))
        let size = terminal.size
        self.state = AppState(settings: configuration.settings, viewport: Viewport(columns: size.columns, rows: size.rows),
                              keymap: configuration.keymap)
        state.shared.maxTextWidth = configuration.maxTextWidth
        state.shared.isOffline = configuration.offline
        state.shared.storeOnly = configuration.offline
        state.shared.liveEnabled = configuration.live && !configuration.offline
        state.shared.watchedTags = configuration.watchTags
        state.shared.mathNotation = configuration.math
        state.shared.showsMathSource = configuration.math == .source
        state.shared.account = AccountState(userName: configuration.login.map { $0.user?.displayName ?? "you" })
    }

    /// The running program, kept while the main loop runs.
    private static var current: AppRunner?

    /// Runs the program on the main thread until the user quits: `start` as the main queue's first block (on the
    /// main actor, the one way this layer gets there: GCD), then the main run loop.
    public nonisolated static func run(_ configuration: RuntimeConfiguration) -> Never {
        DispatchQueue.main.async { @MainActor in start(configuration) }
        RunLoop.main.run()
        dispatchMain() // only reached if the run loop had nothing to run
    }

    /// Starts curses, the event loop's sources and the first load, and draws the first frame.
    private static func start(_ configuration: RuntimeConfiguration) {
        let terminal = Terminal()
        terminal.theme = configuration.theme
        terminal.mouseEnabled = configuration.mouseEnabled
        do {
            try EventLoop.startCurses(on: terminal)
        } catch {
            FileHandle.standardError.write(Data("stackterm: cannot start the terminal: \(error)\n".utf8))
            exit(1)
        }
        let runner = AppRunner(configuration: configuration, terminal: terminal)
        runner.wire()
        runner.dispatch(.start)
        if let message = configuration.startupMessage { runner.dispatch(.notice(message)) }
        if let link = configuration.startLink { runner.dispatch(.openQuestionLink(questionID: link.questionID, answerID: link.answerID)) }
        runner.layOutAndRender()
        runner.loop.start()
        current = runner
    }

    private func wire() {
        effects.send = { [unowned self] action in self.dispatch(action) }
        effects.handOver = TerminalHandOver(input: terminal.inputDescriptor, output: terminal.outputDescriptor) { [unowned self] body in
            loop.handOver(body)
        }
        // Every key read at once is reduced before one frame is drawn (a paste of 100 KB is one read of many keys,
        // not 100,000 frames).
        loop.onKeys = { [unowned self] keys in
            for key in keys { reduce(.key(key)) }
            layOutAndRender()
        }
        loop.onResize = { [unowned self] columns, rows in
            dispatch(.resize(Viewport(columns: columns, rows: rows)))
        }
        loop.onTerminate = { [unowned self] signal in dispatch(.terminate(signal: signal)) }
        loop.onResume = { [unowned self] in
            presentedState = nil
            layOutAndRender()
        }
        layouter.onReady = { [unowned self] in
            presentedState = nil
            layOutAndRender()
        }
    }

    /// Runs one action through the reducer and its effects, then the layout step, then draws if the state changed.
    func dispatch(_ action: Action) {
        reduce(action)
        layOutAndRender()
    }

    private func reduce(_ action: Action) {
        for effect in Reducer.reduce(&state, action) {
            if case let .quit(code) = effect {
                layouter.cancel()
                effects.shutDown()
                loop.exit(code: code)
            }
            if case .redraw = effect {
                terminal.repaintAll()
                presentedState = nil
            }
            effects.perform(effect)
        }
    }

    /// The layout step, then the frame. The question on top is laid out in the background (`layouter`); when its
    /// layout is ready and the state has not seen its measurements, they reach the reducer as an action
    /// (`Action.threadLaidOut`: a new width or new content scrolls back to the anchored paragraph), so every frame is
    /// drawn from a state that matches its layout and drawing never changes the state. A new layout's frame is held
    /// for its grace (`holdFrameForLayout`); past it the question view shows its header and "Laying out…", and
    /// `onReady` comes back here.
    private func layOutAndRender() {
        let now = clock.now
        var threadLayout: ThreadDocument.Layout?
        if case .question(let thread) = state.top, !Chrome.isTooSmall(state.viewport) {
            threadLayout = layouter.layout(for: thread, width: QuestionScreen.layoutWidth(for: state), now: now,
                                           math: state.siteMath)
            if let layout = threadLayout, layout.measure != thread.measure {
                reduce(.threadLaidOut(questionID: thread.questionID, layout.measure))
            }
            if threadLayout == nil, holdFrameForLayout() { return }
        } else if state.thread == nil {
            layouter.cancel()
        }
        guard state != presentedState else { return }
        let frame = AppScreen.render(state, threadLayout: threadLayout, now: now)
        _ = terminal.present(frame.buffer)
        presentedState = state
    }

    /// Whether the frame waits for the layout in flight: an ordinary thread is laid out within the layouter's grace
    /// and drawn at once (`onReady`), without a flash of "Laying out…". The main thread never waits: a redraw is
    /// scheduled for the grace's end, and keys go on being read meanwhile.
    private func holdFrameForLayout() -> Bool {
        guard let ends = layouter.graceEnds, DispatchTime.now() < ends else { return false }
        if heldUntil != ends {
            heldUntil = ends
            DispatchQueue.main.asyncAfter(deadline: ends) { @MainActor [weak self] in self?.layOutAndRender() }
        }
        return true
    }
}
