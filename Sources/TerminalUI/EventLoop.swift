import AppCore
import CTermGuard
import Dispatch
import Foundation

/// The main-thread event loop: keys from a read source on the terminal's input, resize and termination
/// from signal sources, everything delivered on the main queue.
@MainActor
public final class EventLoop {
    /// Signals that end the program through `onTerminate` (Ctrl-C, kill, hang-up, Ctrl-\).
    public static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// The terminal whose input is watched and whose size follows the tty.
    public let terminal: Terminal
    /// Called with the keys of each drained batch (never empty).
    public var onKeys: @MainActor ([Key]) -> Void = { _ in }
    /// Called after the screen size changed and curses was told, with the new columns and rows.
    public var onResize: @MainActor (_ columns: Int, _ rows: Int) -> Void = { _, _ in }
    /// Called for SIGINT, SIGTERM, SIGHUP, SIGQUIT, and with SIGHUP when the input reaches end of file.
    /// The default restores the terminal and exits with 128 + signal.
    public var onTerminate: @MainActor (_ signal: Int32) -> Void
    /// True between `start()` and `stop()`.
    public private(set) var isStarted = false

    private var inputSource: DispatchSourceRead?
    private var signalSources: [DispatchSourceSignal] = []
    private static let signalRegistrationTimeout: TimeInterval = 1

    /// A loop for `terminal`, which must be started before `start()`.
    public init(terminal: Terminal) {
        self.terminal = terminal
        self.onTerminate = { signal in
            EventLoop.restoreAndExit(terminal: terminal, code: 128 + signal)
        }
    }

    /// Installs the input and signal sources (the signals no longer kill the process).
    public func start() {
        guard !isStarted else { return }
        isStarted = true
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: .main)
        input.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.handleInput() }
        }
        input.resume()
        inputSource = input
        for signalNumber in [SIGWINCH] + Self.terminatingSignals {
            stackterm_signal_prepare_for_source(signalNumber)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [weak self] in
                MainActor.assumeIsolated { self?.handleSignal(signalNumber) }
            }
            source.resume()
            signalSources.append(source)
        }
        waitUntilSignalsAreForwarded()
    }

    /// libdispatch takes a signal asynchronously, on its manager thread; until then the signal is ignored and
    /// would be lost. Waits (briefly, once per process in practice) until every signal is forwarded.
    private func waitUntilSignalsAreForwarded() {
        let deadline = Date().addingTimeInterval(Self.signalRegistrationTimeout)
        let signals = [SIGWINCH] + Self.terminatingSignals
        while signals.contains(where: { stackterm_signal_is_forwarded($0) == 0 }), Date() < deadline {
            usleep(500)
        }
    }

    /// Cancels the sources and gives the signals their default actions back.
    public func stop() {
        guard isStarted else { return }
        isStarted = false
        inputSource?.cancel()
        inputSource = nil
        for source in signalSources { source.cancel() }
        signalSources = []
        for signalNumber in [SIGWINCH] + Self.terminatingSignals { stackterm_signal_release_from_source(signalNumber) }
    }

    /// Starts the sources if needed and parks the main thread in the run loop for good.
    public func run() -> Never {
        start()
        RunLoop.main.run()
        dispatchMain() // only reached if the run loop had nothing to run
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

    /// Drains keys; a wake-up with nothing to read on an input that has hung up ends the program (SIGHUP).
    func handleInput() {
        let batch = terminal.readInput()
        if batch.keys.isEmpty, !batch.sawResize, terminal.inputIsClosed {
            inputSource?.cancel()
            inputSource = nil
            onTerminate(SIGHUP)
            return
        }
        deliver(batch)
    }

    func handleSignal(_ signalNumber: Int32) {
        guard signalNumber == SIGWINCH else {
            onTerminate(signalNumber)
            return
        }
        if let size = terminal.ttySize() { terminal.resize(columns: size.columns, rows: size.rows) }
        // resizeterm queues KEY_RESIZE; drain now or it waits behind the next key press.
        deliver(terminal.readInput(), forceResize: true)
    }

    private func deliver(_ batch: InputBatch, forceResize: Bool = false) {
        if !batch.keys.isEmpty { onKeys(batch.keys) }
        if batch.sawResize || forceResize {
            let size = terminal.size
            onResize(size.columns, size.rows)
        }
    }
}
