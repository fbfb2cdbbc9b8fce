import GRDB
import GRDBSQLite
import NIOConcurrencyHelpers

/// A switch that stops the store reads made under it, in SQLite itself: `cancel()` from any thread interrupts the
/// statement running (`sqlite3_interrupt`) and every later one (a progress handler checks the switch), so the read
/// throws `StoreError.interrupted` within a few thousand virtual-machine steps and its core is free.
///
/// A read answers to the interrupt of the code around it: `interrupt.run { try store.search(…) }`. Once cancelled it
/// stays cancelled; make a new one for the next read.
public final class StoreInterrupt: Sendable {
    /// The interrupt the store reads of this thread (or task) answer to, set by `run(_:)`.
    @TaskLocal static var current: StoreInterrupt?

    /// Whether `cancel()` was called, and the connections running a read under this interrupt now (a read may nest
    /// another), under the one lock type of the package.
    private let switchState = NIOLockedValueBox(SwitchState())
    /// The interrupt around this one (a budget's is inside the caller's): cancelling it cancels this one.
    private let outer: StoreInterrupt?
    /// When the read's budget runs out (a search's), if it has one.
    private let deadline: ContinuousClock.Instant?

    /// A switch not yet cancelled.
    public convenience init() {
        self.init(outer: nil, deadline: nil)
    }

    /// A switch inside `outer` that also trips at `deadline`.
    init(outer: StoreInterrupt?, deadline: ContinuousClock.Instant?) {
        self.outer = outer
        self.deadline = deadline
    }

    /// Whether `cancel()` was called, on this interrupt or on the one around it.
    public var isCancelled: Bool { switchState.withLockedValue(\.cancelled) || outer?.isCancelled == true }

    /// Whether the budget ran out.
    var isExpired: Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }

    /// Stops the reads running under this interrupt and refuses the later ones; safe from any thread, any number of times.
    public func cancel() {
        switchState.withLockedValue { state in
            state.cancelled = true
            // Under the lock: a connection stays listed (open, in its read) until `watch` takes it off.
            for connection in state.running { sqlite3_interrupt(connection.pointer) }
        }
    }

    /// Runs `body`, its store reads answering to this interrupt.
    public func run<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        let result = Self.$current.withValue(self) { Result { () throws(E) in try body() } }
        return try result.get()
    }

    /// Runs `body` on `db` with this interrupt watching it: listed for `cancel()` and checked by a progress handler.
    func watch<T>(_ db: Database, _ body: () throws -> T) throws -> T {
        guard let pointer = db.sqliteConnection else { return try body() }
        let box = SQLiteConnectionBox(pointer: pointer)
        let listed = sequence(first: self, next: \.outer).map { $0 }
        for interrupt in listed { interrupt.switchState.withLockedValue { $0.running.append(box) } }
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(pointer, Self.progressSteps, { context in
            guard let context else { return 0 }
            let interrupt = Unmanaged<StoreInterrupt>.fromOpaque(context).takeUnretainedValue()
            return interrupt.isCancelled || interrupt.isExpired ? 1 : 0
        }, context)
        defer {
            sqlite3_progress_handler(pointer, 0, nil, nil)
            for interrupt in listed { interrupt.switchState.withLockedValue { $0.running.removeAll { $0.pointer == pointer } } }
        }
        if isCancelled { throw DatabaseError(resultCode: .SQLITE_INTERRUPT, message: "interrupted") }
        return try body()
    }

    /// Virtual-machine steps between two checks of the switch: microseconds apart.
    private static let progressSteps: Int32 = 1_000

    /// What `cancel()` and the reads share.
    private struct SwitchState {
        var cancelled = false
        var running: [SQLiteConnectionBox] = []
    }
}

/// A connection handle passed to `sqlite3_interrupt` from the cancelling thread, which SQLite allows while the
/// connection is open (`StoreInterrupt` lists it only while a read runs on it).
private struct SQLiteConnectionBox: @unchecked Sendable {
    let pointer: OpaquePointer
}
