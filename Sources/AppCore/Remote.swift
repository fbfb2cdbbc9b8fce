import StackAPI

/// A value a load brings: not asked for, on its way under its token, arrived, or failed — one of the four, so no
/// impossible mix (a token and a value, a value and "not known yet") can be written.
public enum Remote<Value: Hashable & Sendable>: Hashable, Sendable {
    case idle
    case loading(LoadToken)
    case loaded(Value)
    case failed(APIError)

    /// The value, once it arrived.
    public var value: Value? {
        if case .loaded(let value) = self { value } else { nil }
    }

    /// The load under way, if any.
    public var token: LoadToken? {
        if case .loading(let token) = self { token } else { nil }
    }

    /// Takes the result of load `token` when it is the one awaited; false (and nothing changes) for any other.
    public mutating func settle(_ token: LoadToken, _ result: Result<Value, APIError>) -> Bool {
        guard self.token == token else { return false }
        switch result {
        case .success(let value): self = .loaded(value)
        case .failure(let error): self = .failed(error)
        }
        return true
    }

    /// Esc or a closed screen: a load under way is given up (nothing came); a value or failure stays.
    public mutating func giveUp() {
        if token != nil { self = .idle }
    }
}

/// The load of a value that stays on screen while a newer copy comes (a list's rows, a thread, the sites): none,
/// under way, or failed — one at a time, so a load cannot be under way and failed at once. The value shown is kept
/// beside it, not in it: `r` reloads without blanking the screen, and a failed reload leaves the old copy readable.
public enum LoadStatus: Hashable, Sendable {
    case idle
    case loading(PendingLoad)
    case failed(APIError)

    /// The load under way, if any.
    public var pending: PendingLoad? {
        if case .loading(let pending) = self { pending } else { nil }
    }

    /// Why the last load failed, if it did (and nothing newer is under way).
    public var error: APIError? {
        if case .failed(let error) = self { error } else { nil }
    }

    /// Takes the end of load `token` when it is the one under way: the load it was, or nil for any other token.
    /// A failure the reader should see is kept; any other (a cancellation) leaves the status idle.
    mutating func finish(_ token: LoadToken, failure: APIError? = nil) -> PendingLoad? {
        guard let pending, pending.token == token else { return nil }
        self = failure.map { $0.isUserVisible ? .failed($0) : .idle } ?? .idle
        return pending
    }

    /// Esc: the load under way is given up (its token, to cancel); a failure stays.
    mutating func giveUp() -> LoadToken? {
        guard let pending else { return nil }
        self = .idle
        return pending.token
    }

    /// The loading indicator of `token` is due: shown if that load is still under way.
    mutating func showIndicator(_ token: LoadToken) {
        guard case .loading(var pending) = self, pending.token == token else { return }
        pending.indicatorVisible = true
        self = .loading(pending)
    }
}

extension Result {
    /// The error, when this is a failure.
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
