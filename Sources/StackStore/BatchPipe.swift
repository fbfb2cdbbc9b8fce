import Foundation

/// Hands batches from one producer thread to the consuming (calling) thread, at most `depth` waiting, so an import
/// parses the next rows while the database writes the last ones — and memory stays bounded whatever the file size.
///
/// Invariant: the producer blocks in `put` while `depth` batches wait; `stop()` (the consumer gave up) makes every
/// later `put` return false at once, so the producer ends instead of waiting forever. All state is guarded by `lock`.
/// `@unchecked Sendable` and an `NSCondition` rather than the package's `NIOLockedValueBox`: both sides wait for the
/// other, which needs a condition variable.
final class BatchPipe<Batch: Sendable>: @unchecked Sendable {
    private let lock = NSCondition()
    private let depth: Int
    private var waiting: [Batch] = []
    private var finished = false
    private var stopped = false
    private var failure: (any Error)?

    init(depth: Int = 2) {
        self.depth = depth
    }

    /// Queues a batch, waiting for room; false when the consumer stopped.
    func put(_ batch: Batch) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        while waiting.count >= depth && !stopped { lock.wait() }
        guard !stopped else { return false }
        waiting.append(batch)
        lock.broadcast()
        return true
    }

    /// The producer is done, with `error` if it failed.
    func finish(_ error: (any Error)?) {
        lock.lock()
        finished = true
        failure = error
        lock.broadcast()
        lock.unlock()
    }

    /// The next batch; nil when the producer finished and everything was taken. Throws the producer's error.
    func take() throws -> Batch? {
        lock.lock()
        defer { lock.unlock() }
        while waiting.isEmpty && !finished { lock.wait() }
        if !waiting.isEmpty {
            lock.broadcast()
            return waiting.removeFirst()
        }
        if let failure { throw failure }
        return nil
    }

    /// The consumer will take no more; a blocked producer wakes and gives up.
    func stop() {
        lock.lock()
        stopped = true
        lock.broadcast()
        lock.unlock()
    }

    /// The consumer gave up (a write failed or the import was interrupted): stop producing.
    struct Stopped: Error {}

    /// Runs `produce` on its own thread and `consume` on this one for every batch, returning when both are done.
    static func run(
        produce: @escaping @Sendable (BatchPipe<Batch>) throws -> Void, consume: (Batch) throws -> Void
    ) throws {
        let pipe = BatchPipe<Batch>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            do { try produce(pipe); pipe.finish(nil) } catch { pipe.finish(error) }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        defer { done.wait() }
        do {
            while let batch = try pipe.take() { try consume(batch) }
        } catch {
            pipe.stop()
            throw error
        }
    }
}
