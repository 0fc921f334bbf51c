/// "Did you mean" for every diagnostic that names a key, a slug or a template: one measure of
/// closeness, so the loader and the template library suggest alike.
public enum Spelling {
    /// The known word within a small edit distance, for "did you mean" hints.
    public static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (String, Int)?
        for candidate in candidates {
            let d = editDistance(word.lowercased(), candidate.lowercased())
            if d <= max(2, candidate.count / 3), best == nil || d < best!.1 { best = (candidate, d) }
        }
        return best?.0
    }

    /// The known key `key` looks like a misspelling of: one within two edits (`prcie`, `tag`), or
    /// one it cuts short (`discount` for `discountPercent`). Such a key is an error, not the
    /// shop's own, unless `customKeys` lists it; the nearest wins.
    public static func mistypedKey(_ key: String, among known: [String]) -> String? {
        let folded = key.lowercased()
        var best: (key: String, distance: Int)?
        for candidate in known {
            let target = candidate.lowercased()
            let distance = editDistance(folded, target)
            let cutShort = folded.count >= 4 && target.hasPrefix(folded)
            guard distance <= 2 || cutShort else { continue }
            let score = min(distance, cutShort ? 2 : distance)
            if best == nil || score < best!.distance { best = (candidate, score) }
        }
        return best?.key
    }

    /// Damerau–Levenshtein distance (optimal string alignment), so `prcie` is one step from `price`.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
