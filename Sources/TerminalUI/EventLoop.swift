import AppCore
import CTermGuard
import Dispatch
import Foundation

/// The main-thread event loop: keys from the terminal's input (watched by `InputWatcher`), resize, suspension and
/// termination from a read source on `CTermGuard`'s signal pipe, everything delivered on the main queue.
///
/// Every asynchronous signal whose default action would kill the process is caught here and ends it through
/// `onTerminate`, so the terminal is always restored (crashes — SEGV, ABRT… — are `CTermGuard`'s). Not caught:
/// SIGPROF (profilers), SIGIO, SIGPWR, SIGSTKFLT and the real-time signals, which nothing sends a terminal
/// program in practice. SIGPIPE is ignored instead: a write to a connection the server closed must fail with
/// EPIPE, not end the program (SwiftNIO ignores it process-wide on Linux for that reason, on its first socket;
/// ignoring it from the start means the outcome never depends on which came first). SIGTSTP (Ctrl-Z) suspends: the terminal is restored, the process stops, and on SIGCONT
/// curses comes back and `onResume` repaints.
@MainActor
public final class EventLoop {
    /// Signals that end the program through `onTerminate`: Ctrl-C, kill, hang-up, Ctrl-\, the user signals,
    /// timers and resource limits.
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2,
                                                     SIGALRM, SIGVTALRM, SIGXCPU, SIGXFSZ]
    /// Every signal the loop takes from the default action while it runs.
    public static let handledSignals: [Int32] = [SIGWINCH, SIGTSTP] + terminatingSignals

    /// The terminal whose input is watched and whose size follows the tty.
    public let terminal: Terminal
    /// Called with the keys of each drained batch (never empty).
    public var onKeys: @MainActor ([Key]) -> Void = { _ in }
    /// Called after the screen size changed and curses was told, with the new columns and rows.
    public var onResize: @MainActor (_ columns: Int, _ rows: Int) -> Void = { _, _ in }
    /// Called for each of `terminatingSignals`, and with SIGHUP when the input reaches end of file.
    /// The default restores the terminal and exits with 128 + signal.
    public var onTerminate: @MainActor (_ signal: Int32) -> Void
    /// Called after a stop (Ctrl-Z) and continue, once curses is back and the size is known: repaint everything.
    public var onResume: @MainActor () -> Void = {}
    /// True between `start()` and `stop()`.
    public private(set) var isStarted = false

    /// Watches the terminal's input while the loop runs (nil before `start()`, after `stop()` or a hang-up).
    private var inputWatcher: InputWatcher?
    private var signalSource: DispatchSourceRead?

    /// A loop for `terminal`, which must be started before `start()`.
    public init(terminal: Terminal) {
        self.terminal = terminal
        self.onTerminate = { signal in
            EventLoop.restoreAndExit(terminal: terminal, code: 128 + signal)
        }
    }

    /// Starts curses on `terminal` with Ctrl-Z (SIGTSTP) caught first; `start()` acts on it, and on a Ctrl-Z typed
    /// in between. Curses takes SIGTSTP only when it finds it at its default action at `newterm`, and then sets it to
    /// be ignored for the length of every screen update (ncurses' `doupdate`), so a Ctrl-Z typed during an update
    /// was lost: under load, now and then, the program did not stop and the shell's next line reached it as keys.
    /// Found caught there, curses leaves it alone.
    public static func startCurses(on terminal: Terminal) throws {
        stackterm_signal_forward(SIGTSTP)
        suspendCaughtBeforeCurses = true
        try terminal.start()
    }

    /// Set by `startCurses(on:)` until the next `start()`: a Ctrl-Z already in the signal pipe is this start's.
    private static var suspendCaughtBeforeCurses = false

    /// Of the signals found in the pipe at `start()`, those it acts on: none are, having been caught for an earlier
    /// start, except a Ctrl-Z typed since `startCurses(on:)` caught it (once, however often it was typed).
    nonisolated static func signalsKeptAtStart(_ drained: [Int32], suspendCaughtBeforeCurses: Bool) -> [Int32] {
        suspendCaughtBeforeCurses && drained.contains(SIGTSTP) ? [SIGTSTP] : []
    }

    /// Starts watching the input (`InputWatcher`) and catches `handledSignals` (they no longer have their default
    /// actions). Each caught signal reaches the main queue through `CTermGuard`'s signal pipe; the handler is in
    /// place when this returns.
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        let watcher = InputWatcher(descriptor: terminal.inputDescriptor)
        // The watcher's thread hops to the main queue, the loop's one way onto the main actor (GCD, as everywhere in
        // this layer).
        watcher.start { @Sendable [weak self] in
            DispatchQueue.main.async { @MainActor in self?.handleInput() }
        }
        inputWatcher = watcher
        let pipe = stackterm_signal_pipe()
        guard pipe >= 0 else { return }
        let kept = Self.signalsKeptAtStart(Self.drainSignalPipe(pipe), suspendCaughtBeforeCurses: Self.suspendCaughtBeforeCurses)
        Self.suspendCaughtBeforeCurses = false
        let signals = DispatchSource.makeReadSource(fileDescriptor: pipe, queue: .main)
        signals.setEventHandler { [weak self] in
            let caught = Self.drainSignalPipe(pipe)
            DispatchQueue.main.async { @MainActor in
                for signalNumber in caught { self?.handleSignal(signalNumber) }
            }
        }
        signals.resume()
        signalSource = signals
        for signalNumber in Self.handledSignals { stackterm_signal_forward(signalNumber) }
        signal(SIGPIPE, SIG_IGN)
        for signalNumber in kept {
            DispatchQueue.main.async { @MainActor [weak self] in self?.handleSignal(signalNumber) }
        }
    }

    /// Cancels the sources and gives the signals their default actions back.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        cancelInput()
        signalSource?.cancel()
        signalSource = nil
        for signalNumber in Self.handledSignals { stackterm_signal_stop_forwarding(signalNumber) }
    }

    /// Stops watching the input, waiting (a second at most) until the watcher has let go of the terminal's input
    /// descriptor, which the terminal may close next.
    private func cancelInput() {
        inputWatcher?.stop()
        inputWatcher = nil
    }

    /// The signals waiting in the pipe, oldest first.
    private static func drainSignalPipe(_ descriptor: Int32) -> [Int32] {
        var numbers: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
            numbers += buffer[..<count].map(Int32.init)
        }
        return numbers
    }

    /// Stops the sources, restores the terminal and ends the process with `code`.
    public func exit(code: Int32) -> Never {
        stop()
        Self.restoreAndExit(terminal: terminal, code: code)
    }

    private static func restoreAndExit(terminal: Terminal, code: Int32) -> Never {
        terminal.stop()
        Foundation.exit(code)
    }

    /// Drains keys; a wake-up with nothing to read on an input that has hung up ends the program (SIGHUP). A wake-up
    /// queued on main before the watcher was stopped does nothing: the terminal may be stopped by then (curses
    /// read from after `terminal.stop()` is a crash).
    func handleInput() {
        guard let watcher = inputWatcher else { return }
        let batch = terminal.readInput()
        watcher.taken()
        if batch.keys.isEmpty, !batch.sawResize, terminal.inputIsClosed {
            cancelInput()
            onTerminate(SIGHUP)
            return
        }
        deliver(batch)
    }

    func handleSignal(_ signalNumber: Int32) {
        switch signalNumber {
        case SIGWINCH:
            followTerminalSize()
        case SIGTSTP:
            suspend()
        default:
            onTerminate(signalNumber)
        }
    }

    private func followTerminalSize() {
        if let size = terminal.ttySize() { terminal.resize(columns: size.columns, rows: size.rows) }
        // resizeterm queues KEY_RESIZE; drain now or it waits behind the next key press.
        deliver(terminal.readInput(), forceResize: true)
    }

    /// Ctrl-Z: restore the terminal, stop until continued, then take the screen back at its current size.
    func suspend() {
        terminal.suspend()
        stackterm_signal_stop_process()
        terminal.resume()
        followTerminalSize()
        onResume()
    }

    /// Runs `body` with the terminal handed over (curses left, as for Ctrl-Z, e.g. for a terminal browser in the
    /// foreground), then takes the screen back at its current size and redraws; input typed meanwhile went to
    /// the program that had the terminal. Like `system(3)`, keyboard signals that came meanwhile (Ctrl-C, Ctrl-\,
    /// Ctrl-Z) were the program's and are dropped; any other (SIGTERM, SIGHUP…) is acted on after.
    public func handOver(_ body: () -> Void) {
        terminal.suspend()
        body()
        terminal.resume()
        let pipe = stackterm_signal_pipe()
        let pending = isStarted && pipe >= 0 ? Self.drainSignalPipe(pipe) : []
        followTerminalSize()
        onResume()
        for signalNumber in pending where ![SIGINT, SIGQUIT, SIGTSTP, SIGWINCH].contains(signalNumber) {
            handleSignal(signalNumber)
        }
    }

    private func deliver(_ batch: InputBatch, forceResize: Bool = false) {
        if !batch.keys.isEmpty { onKeys(batch.keys) }
        if batch.sawResize || forceResize {
            let size = terminal.size
            onResize(size.columns, size.rows)
        }
    }
}
