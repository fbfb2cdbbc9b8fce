import Foundation
import PrintMode
import StackAPI
import StackAuth
import StackRetrieval

extension PrintCommand {
    /// `print --inbox`: the logged-in user's inbox, one line per item (`--json`: one object), newest first; exit 1
    /// with what to do when nobody is logged in or the login no longer works, 3 when the inbox is empty.
    func printInbox(loader: Loader) {
        let login: StoredLogin
        do {
            guard let stored = try TokenFile(environment: ProcessInfo.processInfo.environment).read() else {
                StacktermCommand.standardError("stackterm: nobody is logged in: run stackterm login (see stackterm login --help)")
                Foundation.exit(PrintExitCode.failure)
            }
            login = stored
        } catch {
            StacktermCommand.standardError("stackterm: " + error.message)
            Foundation.exit(PrintExitCode.failure)
        }
        let json = self.json
        let limit = max(1, min(limit ?? APIRequest.maximumPageSize, APIRequest.maximumPageSize))
        DispatchQueue.main.async { @MainActor in
            loader.inbox(accessToken: login.token.revealedForRequest, unreadOnly: false, mode: .reload) { result in
                switch result {
                case .success(let loaded):
                    let items = loaded.value.items.prefix(limit)
                    let text = items.map { (json ? InboxLine.json($0) : InboxLine.plain($0)) + "\n" }.joined()
                    FileHandle.standardOutput.write(Data(text.utf8))
                    if items.isEmpty { StacktermCommand.standardError("stackterm: your inbox is empty") }
                    Self.exit(items.isEmpty ? PrintExitCode.noResults : PrintExitCode.success, loader: loader,
                              answeredByStore: false, offline: false, cutNotice: nil)
                case .failure(let error):
                    StacktermCommand.standardError("stackterm: " + error.writeReason(retryKey: ""))
                    Self.exit(PrintOutcome.failed(error, printed: 0).exitCode, loader: loader, answeredByStore: false,
                              offline: false, cutNotice: nil)
                }
            }
        }
        Self.runMainLoop()
    }
}
