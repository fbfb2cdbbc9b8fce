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
