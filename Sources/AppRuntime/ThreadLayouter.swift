import AppCore
import Dispatch
import Foundation
import NIOConcurrencyHelpers
import Rendering
import TeXMath
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
/// still the newest — anything older is dropped, the state has moved on — and `onReady` asks for a redraw, where
/// the runner hands its measure to the reducer (`Action.threadLaidOut`). Nothing here waits: a new job's frame may
/// be held by the runner until `graceEnds` (30 ms after the job started) — an ordinary thread is laid out within
/// that and drawn at once, with no flash of the placeholder — while the main thread goes on taking keys. Quitting
/// never waits: `cancel()` marks the job and the process exits with it abandoned.
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
    private var inFlight: (key: ThreadLayoutKey, job: LayoutJob, started: DispatchTime)?

    /// A layouter running its jobs on `queue` (serial), whose new job's frame may wait `grace` seconds for it before
    /// being drawn without it (0: never waits), colouring code blocks with `codeStyler` (nil: plain).
    public init(queue: DispatchQueue = DispatchQueue(label: "stackterm.layout", qos: .userInitiated),
                grace: TimeInterval = 0.03, codeStyler: (any CodeStyler)? = nil) {
        self.queue = queue
        self.grace = grace
        self.codeStyler = codeStyler
    }

    public var isLayingOut: Bool { inFlight != nil }

    /// When a frame waiting for the job in flight is drawn without it ("Laying out…"); nil when no job runs.
    public var graceEnds: DispatchTime? {
        inFlight.map { $0.started + grace }
    }

    /// `thread` laid out at `width` if that layout is ready; otherwise nil, after starting (or while running)
    /// the job that makes it.
    /// The site's `math` (nil: none) is part of the layout's key: `$` lays the thread out again.
    public func layout(for thread: QuestionState, width: Int, now: Date, math: SiteMath? = nil) -> ThreadDocument.Layout? {
        let key = ThreadLayoutKey(thread: thread, width: width, math: math)
        if let ready, ready.key == key { return ready.layout }
        if let inFlight, inFlight.key == key { return nil }
        start(thread, key: key, width: width, now: now, math: math?.options)
        return nil
    }

    /// Abandons the job in flight and forgets the layout (the thread was closed, or the program quits).
    public func cancel() {
        inFlight?.job.cancel()
        inFlight = nil
        ready = nil
    }

    private func start(_ thread: QuestionState, key: ThreadLayoutKey, width: Int, now: Date, math: MathOptions?) {
        cancel()
        lastGeneration += 1
        let job = LayoutJob(generation: lastGeneration)
        inFlight = (key, job, DispatchTime.now())
        let styler = codeStyler
        queue.async {
            guard !job.isCancelled,
                  let layout = ThreadDocument.layout(for: thread, width: width, now: now, code: styler.map { ($0, true) },
                                                     math: math, isCancelled: { job.isCancelled })
            else { return }
            DispatchQueue.main.async { @MainActor in
                self.accept(layout, key: key, generation: job.generation)
            }
            guard let styler, layout.codeAwaitingStyle, !job.isCancelled,
                  let coloured = ThreadDocument.layout(for: thread, width: width, now: now, code: (styler, false),
                                                       math: math, isCancelled: { job.isCancelled })
            else { return }
            DispatchQueue.main.async { @MainActor in
                self.acceptColoured(coloured, key: key, generation: job.generation)
            }
        }
    }

    /// Puts the coloured layout in place of the plain one it follows, if nothing changed in between: its job
    /// is still the newest and its key the one laid out (else it is dropped). Asks for a redraw.
    private func acceptColoured(_ layout: ThreadDocument.Layout, key: ThreadLayoutKey, generation: Int) {
        guard generation == lastGeneration, inFlight == nil, let ready, ready.key == key else { return }
        self.ready = (key, layout)
        onReady()
    }

    /// Keeps `layout` if it comes from the job in flight and calls `onReady`; a stale one is dropped.
    private func accept(_ layout: ThreadDocument.Layout, key: ThreadLayoutKey, generation: Int) {
        guard let inFlight, inFlight.job.generation == generation else { return }
        self.inFlight = nil
        ready = (key, layout)
        onReady()
    }
}

/// One background layout's cancellation flag, set on the main queue while the layout queue reads it.
final class LayoutJob: Sendable {
    let generation: Int
    private let cancelled = NIOLockedValueBox(false)

    init(generation: Int) { self.generation = generation }

    var isCancelled: Bool { cancelled.withLockedValue { $0 } }

    func cancel() { cancelled.withLockedValue { $0 = true } }
}
