import Foundation
import NIOConcurrencyHelpers

/// Hands batches from one producer thread to the consuming (calling) thread, at most `depth` waiting, so an import
/// parses the next rows while the database writes the last ones — and memory stays bounded whatever the file size.
///
/// A bounded buffer: `room` counts the free places (the producer waits on it), `ready` the batches and the end (the
/// consumer waits on it); the shared state sits in the package's one lock type. `stop()` (the consumer gave up) makes
/// every later `put` return false at once, so the producer ends instead of waiting forever.
final class BatchPipe<Batch: Sendable>: Sendable {
    private struct Shared {
        var waiting: [Batch] = []
        var finished = false
        var stopped = false
        var failure: (any Error)?
    }

    private let shared = NIOLockedValueBox(Shared())
    /// Free places; `stop()` adds one so a waiting producer wakes, and each refused `put` passes it on. Made at 0 and
    /// signalled `depth` times: libdispatch traps when a semaphore dies below the value it was made with.
    private let room = DispatchSemaphore(value: 0)
    /// Batches waiting plus one for the end; a `take` that finds the end passes it on.
    private let ready = DispatchSemaphore(value: 0)

    init(depth: Int = 2) {
        for _ in 0..<depth { room.signal() }
    }

    /// Queues a batch, waiting for room; false when the consumer stopped.
    func put(_ batch: Batch) -> Bool {
        room.wait()
        let accepted = shared.withLockedValue { shared in
            guard !shared.stopped else { return false }
            shared.waiting.append(batch)
            return true
        }
        if accepted { ready.signal() } else { room.signal() }
        return accepted
    }

    /// The producer is done, with `error` if it failed.
    func finish(_ error: (any Error)?) {
        shared.withLockedValue { shared in
            shared.finished = true
            shared.failure = error
        }
        ready.signal()
    }

    /// The next batch; nil when the producer finished and everything was taken. Throws the producer's error.
    func take() throws -> Batch? {
        ready.wait()
        let next: Result<Batch?, any Error> = shared.withLockedValue { shared in
            if !shared.waiting.isEmpty { return .success(shared.waiting.removeFirst()) }
            if let failure = shared.failure { return .failure(failure) }
            return .success(nil)
        }
        if case .success(.some) = next { room.signal() } else { ready.signal() }
        return try next.get()
    }

    /// The consumer will take no more; a blocked producer wakes and gives up.
    func stop() {
        shared.withLockedValue { $0.stopped = true }
        room.signal()
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
