import AppCore
import Foundation
import StackAPI
import StackRetrieval
import TextEngine

/// The live effects: one `LiveSource` at a time, for the subscription the reducer asks for; its batches and states
/// come back as actions. The UI sees `.liveActivity`, `.livePolled` and `.liveState`, never a socket or a request.
extension EffectRunner {
    /// Replaces the running source with one for `subscription` (none with `--offline` or a store-only session; the
    /// reducer asks for none with live off). Without a socket address it polls.
    func startLive(_ subscription: LiveSubscription) {
        stopLive()
        guard !offlineOnly else { return }
        var configuration = LiveConfiguration(url: liveURL, site: subscription.site, tags: subscription.tags)
        configuration.refreshSeconds = liveRefreshSeconds
        let source = LiveSource(configuration: configuration, loader: loader) { [weak self] result in
            guard let self, case .success(let event) = result else { return } // a failure is followed by `.stopped`
            switch event {
            case .activity(let batch): send(.liveActivity(batch))
            case .polled(let questions): send(.livePolled(subscription, questions))
            case .state(let state): liveStateChanged(state)
            }
        }
        live = source
        source.start()
    }

    /// Stops the running source at once (nothing it had pending is delivered) and its countdown.
    func stopLive() {
        live?.stop()
        live = nil
        liveCountdown += 1
    }

    private func liveStateChanged(_ state: LiveState) {
        liveCountdown += 1
        switch state {
        case .connecting: send(.liveState(.connecting))
        case .live: send(.liveState(.live))
        case .polling: send(.liveState(.polling))
        case .reconnecting(let seconds, _): countDown(from: seconds, generation: liveCountdown)
        case .stopped(let reason): send(.liveState(.stopped(reason: reason)))
        }
    }

    /// `live: reconnecting in N s`, once a second down to 1, while no other state came.
    private func countDown(from seconds: Int, generation: Int) {
        guard generation == liveCountdown, live != nil else { return }
        send(.liveState(.reconnecting(in: seconds)))
        guard seconds > 1 else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) { @MainActor [weak self] in
            self?.countDown(from: seconds - 1, generation: generation)
        }
    }

    /// Calls the reader for a watched question: BEL (unless `bell = false`), then a desktop notification as OSC 777
    /// (foot, rxvt, Ghostty, WezTerm…) and OSC 9 (iTerm2, Windows Terminal…); terminals that know neither ignore
    /// them. The text is the message without control characters, after "stackterm: " (OSC 9 reads a leading
    /// number as a command).
    func alertWatched(_ message: String) {
        let text = "stackterm: " + TerminalSafety.sanitize(message)
        let sequence = (bell ? "\u{07}" : "") + "\u{1B}]777;notify;stackterm;\(text)\u{07}" + "\u{1B}]9;\(text)\u{07}"
        _ = ClipboardWriter.writeAll(Array(sequence.utf8), to: outside.terminalDescriptor)
    }

    /// Sets the window's title (OSC 2); the first time, the terminal's own title is pushed on its title stack
    /// (`CSI 22;0 t`, xterm's and tmux's) for `restoreWindowTitle` to give back.
    func setWindowTitle(_ title: String) {
        let push = titlePushed ? "" : "\u{1B}[22;0t"
        titlePushed = true
        let sequence = push + "\u{1B}]2;" + TerminalSafety.sanitize(title) + "\u{07}"
        _ = ClipboardWriter.writeAll(Array(sequence.utf8), to: outside.terminalDescriptor)
    }

    /// At exit, gives back the title stackterm found, if it set one: an empty title first (what a terminal without a
    /// title stack keeps instead of `stackterm (2)`), then `CSI 23;0 t`, which pops the one pushed.
    func restoreWindowTitle() {
        guard titlePushed else { return }
        titlePushed = false
        _ = ClipboardWriter.writeAll(Array("\u{1B}]2;\u{07}\u{1B}[23;0t".utf8), to: outside.terminalDescriptor)
    }
}
