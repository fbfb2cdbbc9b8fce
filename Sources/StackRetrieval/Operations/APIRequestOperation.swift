import Foundation
import NIOConcurrencyHelpers
import StackAPI

/// One API request as an operation: waits at the backoff gate, sends through the transport, decodes off main,
/// records `backoff` and throttle waits into the gate, and delivers a `Page<Item>`.
///
/// `cancel()` ends the wait at the gate or cancels the transport task, and finishes at once without delivering.
/// An operation not cancelled always delivers exactly once; a wait ended by `BackoffGate.cancelAll()` alone
/// delivers `.cancelled`.
/// `@unchecked Sendable` as every `Operation` must restate; its own state is behind `NIOLockedValueBox`.
open class APIRequestOperation<Item: Decodable & Sendable>: ResultOperation<Page<Item>>, @unchecked Sendable {
    public let request: APIRequest

    private let environment: RequestEnvironment
    private let work = NIOLockedValueBox(Work())

    /// Where the request stands: the wait or the transfer to end on cancel.
    private struct Work {
        var stopped = false
        var responded = false
        var gateTicket: GateTicket?
        var transportTask: TransportTask?
    }

    public init(
        request: APIRequest, environment: RequestEnvironment, delivery: ResultDelivery<Page<Item>>
    ) {
        self.request = request
        self.environment = environment
        super.init(delivery: delivery)
    }

    /// Waits for the method's turn at the gate, then sends.
    open override func execute() {
        let ticket = environment.gate.waitForTurn(of: request.method) { [self] outcome in
            switch outcome {
            case .proceed: send()
            case .cancelled: complete(with: .failure(.cancelled))
            }
        }
        keep(ticket: ticket)
    }

    /// Ends the wait at the gate or cancels the request in flight.
    open override func didCancel() {
        let (ticket, task): (GateTicket?, TransportTask?) = work.withLockedValue { work in
            work.stopped = true
            defer { work.gateTicket = nil; work.transportTask = nil }
            return (work.gateTicket, work.transportTask)
        }
        ticket?.cancel()
        task?.cancel()
        super.didCancel()
    }

    private func keep(ticket: GateTicket) {
        let alreadyStopped: Bool = work.withLockedValue { work in
            if !work.stopped { work.gateTicket = ticket }
            return work.stopped
        }
        if alreadyStopped { ticket.cancel() }
    }

    private func send() {
        guard !isCancelled else { return }
        let task = environment.transport.send(environment.factory.wireRequest(for: request)) { [self] outcome in
            handle(outcome)
        }
        // The response may already have arrived (and even been delivered) on another thread.
        let cancelledMeanwhile: Bool = work.withLockedValue { work in
            guard !work.responded else { return false }
            if !work.stopped { work.transportTask = task }
            return work.stopped
        }
        if cancelledMeanwhile { task.cancel() }
    }

    private func handle(_ outcome: Result<HTTPReply, TransportError>) {
        work.withLockedValue { work in
            work.responded = true
            work.transportTask = nil
        }
        switch outcome {
        case .failure(let transportError):
            complete(with: .failure(transportError.apiError))
        case .success(let reply):
            let decoded = ResponseDecoder.decode(Item.self, from: reply.body, httpStatus: reply.status, request: request)
            record(decoded)
            complete(with: decoded.map { Page($0, requestedPage: request.page) })
        }
    }

    /// Tells the gate about `backoff` in a response or the wait a throttle violation asked for.
    private func record(_ decoded: Result<ResponseWrapper<Item>, APIError>) {
        switch decoded {
        case .success(let wrapper):
            if let backoff = wrapper.backoff { environment.gate.hold(request.method, for: backoff) }
        case .failure(.throttled(let seconds, _)):
            environment.gate.hold(request.method, for: TimeInterval(seconds))
        case .failure:
            break
        }
    }
}
