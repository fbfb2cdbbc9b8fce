import Foundation
import GRDB
import StackAPI

extension Store {
    /// The questions linked with question `questionID` of `site`, each once under its strongest relation (duplicate
    /// before linked), duplicates first, then by id.
    public func linkedQuestions(site: String, questionID: Int) throws(StoreError) -> [LinkedQuestion] {
        let rows = try read { db -> [Row] in
            guard let siteID = try Self.existingSiteRowID(db, apiName: site) else { return [] }
            return try Row.fetchAll(db, sql: """
                SELECT x.other, x.type, x.incoming, q.title FROM (
                  SELECT related AS other, type, 0 AS incoming FROM post_link WHERE site = ?1 AND post = ?2
                  UNION ALL
                  SELECT post AS other, type, 1 AS incoming FROM post_link WHERE site = ?1 AND related = ?2
                ) x LEFT JOIN question q ON q.id = (?1 << ?3) | x.other
                """, arguments: [siteID, questionID, StoreKey.idBits])
        }
        var best: [Int: LinkedQuestion] = [:]
        for row in rows {
            let other: Int = row[0]
            guard other != questionID else { continue }
            let type: Int = row[1]
            let incoming: Bool = row[2]
            let relation: LinkedQuestion.Relation = type == 3 ? (incoming ? .duplicatedBy : .duplicateOf) : .linked
            if let known = best[other], known.relation <= relation { continue }
            best[other] = LinkedQuestion(questionID: other, title: row[3], relation: relation)
        }
        return best.values.sorted { ($0.relation, $0.questionID) < ($1.relation, $1.questionID) }
    }
}
