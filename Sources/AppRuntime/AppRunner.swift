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

    init(configuration: RuntimeConfiguration, terminal: Terminal) {
        let factory = RequestFactory(baseURL: configuration.baseURL, key: configuration.apiKey)
        self.terminal = terminal
        self.loop = EventLoop(terminal: terminal)
        self.effects = EffectRunner(retrieval: Retrieval(factory: factory),
                                    outside: ExternalActions(terminalDescriptor: terminal.outputDescriptor))
        let size = terminal.size
        self.state = AppState(settings: configuration.settings, viewport: Viewport(columns: size.columns, rows: size.rows),
                              keymap: configuration.keymap)
    }

    /// Starts curses, loads the first page and runs the event loop until the user quits.
    public static func run(_ configuration: RuntimeConfiguration) -> Never {
        let terminal = Terminal()
        terminal.theme = configuration.theme
        do {
            try terminal.start()
        } catch {
            FileHandle.standardError.write(Data("stackterm: cannot start the terminal: \(error)\n".utf8))
            exit(1)
        }
        let runner = AppRunner(configuration: configuration, terminal: terminal)
        runner.wire()
        runner.dispatch(.start)
        if let message = configuration.startupMessage { runner.dispatch(.notify(message, isError: false)) }
        runner.render()
        runner.loop.run()
    }

    private func wire() {
        effects.send = { [unowned self] action in self.dispatch(action) }
        effects.codeBlocks = { [unowned self] in layouter.readyLayout?.codeBlocks }
        loop.onKeys = { [unowned self] keys in
            for key in keys { dispatch(.key(key)) }
        }
        loop.onResize = { [unowned self] columns, rows in
            dispatch(.resize(Viewport(columns: columns, rows: rows)))
        }
        loop.onTerminate = { [unowned self] signal in dispatch(.terminate(signal: signal)) }
        loop.onResume = { [unowned self] in
            presentedState = nil
            render()
        }
        layouter.onReady = { [unowned self] in
            presentedState = nil
            render()
        }
    }

    /// Runs one action through the reducer, performs its effects, and repaints if the state changed.
    func dispatch(_ action: Action) {
        for effect in Reducer.reduce(&state, action) {
            if case let .quit(code) = effect {
                layouter.cancel()
                effects.shutDown()
                loop.exit(code: code)
            }
            effects.perform(effect)
        }
        render()
    }

    /// Draws the state if it changed since the last frame; reports the question view's length to the reducer.
    /// The thread's layout comes from `layouter`; until it is ready the question view shows "Laying out…",
    /// and `onReady` draws again.
    private func render() {
        guard state != presentedState else { return }
        let now = Date()
        var threadLayout: ThreadDocument.Layout?
        if let thread = state.thread {
            if case .question = state.screen {
                threadLayout = layouter.layout(for: thread, width: QuestionScreen.layoutWidth(for: state.viewport), now: now)
            }
        } else {
            layouter.cancel()
        }
        let frame = AppScreen.render(state, threadLayout: threadLayout, now: now)
        _ = terminal.present(frame.buffer)
        presentedState = state
        if let layout = frame.threadLayout, layout.lines.count != state.thread?.contentLines || layout.anchors != state.thread?.anchors {
            dispatch(.threadMeasured(lines: layout.lines.count, anchors: layout.anchors))
        }
    }
}
