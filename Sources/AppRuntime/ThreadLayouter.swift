import AppCore
import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Rendering
import TextEngine

/// Lays out the question view's thread (HTML → styled, wrapped lines) on a background queue, so the main
/// thread only draws and handles keys and signals, however long a body takes.
///
/// `layout(for:width:now:)` is asked on every frame. It answers the finished layout when that layout's
/// `ThreadLayoutKey` (question, width, load state, comments) is the frame's. Otherwise it starts a job for the
/// new key and answers nil, and the screen shows the header and "Laying out…". Starting a job cancels the one
/// in flight (it stops within a few thousand HTML tokens and frees what it built) and forgets the previous
/// layout. Jobs run one at a time on a serial queue.
///
/// A finished job hops to the main queue (`DispatchQueue.main.async`): its layout is kept only if its job is
/// still the newest — anything older is dropped, the state has moved on — and `onReady` asks for a redraw.
/// A new job is given `grace` (30 ms) before the frame is drawn without it: an ordinary thread is laid out
/// within that and drawn at once, with no flash of the placeholder. Quitting never waits: `cancel()` marks
/// the job and the process exits with it abandoned.
///
/// Code blocks in colour (`codeStyler`): the first layout asks the styler only for what it has cached, so it
/// is as quick as a plain one and blocks not highlighted yet are drawn plain. When some were
/// (`codeAwaitingStyle`), the same job goes on to highlight them and lay the thread out again; that layout
/// replaces the plain one — same rows, only colours change — if its job is still the newest and its key
/// still the one drawn, and is dropped otherwise, exactly like a stale layout.
@MainActor
public final class ThreadLayouter {
    /// Called on the main queue when a layout the screen is waiting for is ready: draw again.
    public var onReady: @MainActor () -> Void = {}

    private let queue: DispatchQueue
    private let grace: TimeInterval
    private let codeStyler: (any CodeStyler)?
    private var lastGeneration = 0
    private var ready: (key: ThreadLayoutKey, layout: ThreadDocument.Layout)?
    private var inFlight: (key: ThreadLayoutKey, job: LayoutJob)?

    /// A layouter running its jobs on `queue` (serial), waiting up to `grace` seconds for a new job before
    /// drawing without it (0: never waits), colouring code blocks with `codeStyler` (nil: plain).
    public init(queue: DispatchQueue = DispatchQueue(label: "stackterm.layout", qos: .userInitiated),
                grace: TimeInterval = 0.03, codeStyler: (any CodeStyler)? = nil) {
        self.queue = queue
        self.grace = grace
        self.codeStyler = codeStyler
    }

    /// The layout drawn last for the thread now showing, if it is ready (for commands that read it, like `Y`).
    public var readyLayout: ThreadDocument.Layout? { ready?.layout }

    public var isLayingOut: Bool { inFlight != nil }

    /// `thread` laid out at `width` if that layout is ready; otherwise nil, after starting (or while running)
    /// the job that makes it.
    public func layout(for thread: ThreadState, width: Int, now: Date) -> ThreadDocument.Layout? {
        let key = ThreadLayoutKey(thread: thread, width: width)
        if let ready, ready.key == key { return ready.layout }
        if let inFlight, inFlight.key == key { return nil }
        let job = start(thread, key: key, width: width, now: now)
        if grace > 0, let layout = job.result(waitingAtMost: grace) {
            accept(layout, key: key, generation: job.generation, notify: false)
            return layout
        }
        return nil
    }

    /// Abandons the job in flight and forgets the layout (the thread was closed, or the program quits).
    public func cancel() {
        inFlight?.job.cancel()
        inFlight = nil
        ready = nil
    }

    private func start(_ thread: ThreadState, key: ThreadLayoutKey, width: Int, now: Date) -> LayoutJob {
        cancel()
        lastGeneration += 1
        let job = LayoutJob(generation: lastGeneration)
        inFlight = (key, job)
        let styler = codeStyler
        queue.async {
            guard !job.isCancelled,
                  let layout = ThreadDocument.layout(for: thread, width: width, now: now, code: styler.map { ($0, true) },
                                                     isCancelled: { job.isCancelled })
            else { return }
            job.finish(layout)
            DispatchQueue.main.async { @MainActor in
                self.accept(layout, key: key, generation: job.generation, notify: true)
            }
            guard let styler, layout.codeAwaitingStyle, !job.isCancelled,
                  let coloured = ThreadDocument.layout(for: thread, width: width, now: now, code: (styler, false),
                                                       isCancelled: { job.isCancelled })
            else { return }
            DispatchQueue.main.async { @MainActor in
                self.acceptColoured(coloured, key: key, generation: job.generation)
            }
        }
        return job
    }

    /// Puts the coloured layout in place of the plain one it follows, if nothing changed in between: its job
    /// is still the newest and its key the one laid out (else it is dropped). Asks for a redraw.
    private func acceptColoured(_ layout: ThreadDocument.Layout, key: ThreadLayoutKey, generation: Int) {
        guard generation == lastGeneration, inFlight == nil, let ready, ready.key == key else { return }
        self.ready = (key, layout)
        onReady()
    }

    /// Keeps `layout` if it comes from the job in flight, calling `onReady` when `notify`; a stale one (or one
    /// already taken during the grace period) is dropped.
    private func accept(_ layout: ThreadDocument.Layout, key: ThreadLayoutKey, generation: Int, notify: Bool) {
        guard let inFlight, inFlight.job.generation == generation else { return }
        self.inFlight = nil
        ready = (key, layout)
        if notify { onReady() }
    }
}

/// One background layout: its cancellation flag, read by the layout loop, and its result.
///
/// Locked because the flag is set on the main queue while the layout queue reads it; the result is handed
/// to a main thread waiting out the grace period through `done`.
final class LayoutJob: Sendable {
    let generation: Int
    private let state = NIOLockedValueBox((cancelled: false, layout: ThreadDocument.Layout?.none))
    private let done = DispatchSemaphore(value: 0)

    init(generation: Int) { self.generation = generation }

    var isCancelled: Bool { state.withLockedValue { $0.cancelled } }

    func cancel() { state.withLockedValue { $0.cancelled = true } }

    func finish(_ result: ThreadDocument.Layout) {
        state.withLockedValue { $0.layout = result }
        done.signal()
    }

    /// The layout if it is finished within `seconds`, else nil.
    func result(waitingAtMost seconds: TimeInterval) -> ThreadDocument.Layout? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return state.withLockedValue { $0.layout }
    }
}
