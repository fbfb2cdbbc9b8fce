import Dispatch
import Foundation
import NIOConcurrencyHelpers

/// Watches the terminal's input descriptor on a thread of its own, asleep in poll(2), and calls `onReadable` when
/// there is something to read or the input hung up — then waits until `taken()` says it was read, so a level-triggered
/// wake-up never spins while the main thread has yet to read.
///
/// Not a libdispatch read source: on Linux, tearing one down after its descriptor hung up now and then crashed
/// libdispatch's event thread (`_dispatch_event_loop_drain`, a use-after-free in its epoll bookkeeping:
/// swift-corelibs-libdispatch issue 949), in `EventLoopTests` under ThreadSanitizer twice, even waiting for the
/// cancel handler before the descriptor was closed. This thread owns nothing but a wake-up pipe, and `stop()`
/// returns once it is done with the descriptor.
final class InputWatcher: Sendable {
    private let descriptor: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32
    private let readTaken = DispatchSemaphore(value: 0)
    private let ended = DispatchSemaphore(value: 0)
    private let stopped = NIOLockedValueBox(false)
    private let finished = NIOLockedValueBox(false)

    /// Whether the thread has ended (it no longer looks at the descriptor).
    var hasEnded: Bool { finished.withLockedValue { $0 } }

    /// How often the thread looks whether to stop when it has no wake-up pipe, in milliseconds.
    static let pollWithoutWakeUp: Int32 = 100

    /// A watcher of `descriptor`, woken to stop through a pipe of its own; without one (out of descriptors, or
    /// `wakeUpPipe` false) it looks every `pollWithoutWakeUp` ms, so stopping, and `Q`, still work.
    init(descriptor: Int32, wakeUpPipe: Bool = true) {
        var ends: [Int32] = [-1, -1]
        if !wakeUpPipe || pipe(&ends) != 0 { ends = [-1, -1] }
        for end in ends where end >= 0 {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        self.descriptor = descriptor
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    /// Starts the thread; `onReadable` runs on it, and must only hand over (e.g. to the main queue).
    func start(onReadable: @escaping @Sendable () -> Void) {
        let thread = Thread { [self] in
            watch(onReadable)
            finished.withLockedValue { $0 = true }
            ended.signal()
        }
        thread.name = "stackterm.input"
        thread.start()
    }

    private func watch(_ onReadable: @Sendable () -> Void) {
        var watched = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        while !stopped.withLockedValue({ $0 }) {
            watched[0].revents = 0
            watched[1].revents = 0
            // A negative descriptor (no wake-up pipe) is passed over by poll(2).
            guard poll(&watched, 2, wakeRead >= 0 ? -1 : Self.pollWithoutWakeUp) >= 0 else {
                if errno == EINTR { continue }
                return
            }
            if watched[1].revents != 0 || watched[0].revents & Int16(POLLNVAL) != 0 { return }
            guard watched[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { continue }
            onReadable()
            readTaken.wait()
        }
    }

    /// What `onReadable` announced was read: watch again.
    func taken() {
        readTaken.signal()
    }

    /// Ends the thread and waits (a second at most) until it has let go of the descriptor, which may be closed next.
    func stop() {
        let wasStopped = stopped.withLockedValue { stopped in
            defer { stopped = true }
            return stopped
        }
        guard !wasStopped else { return }
        var byte: UInt8 = 1
        if wakeWrite >= 0 { _ = write(wakeWrite, &byte, 1) }
        readTaken.signal()
        _ = ended.wait(timeout: .now() + 1)
    }

    deinit {
        for end in [wakeRead, wakeWrite] where end >= 0 { close(end) }
    }
}
