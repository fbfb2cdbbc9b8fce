extension Result {
    /// The failure, nil on success.
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
