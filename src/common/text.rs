//! The words every game's log shares, so the three games read alike: seats named `seat N`
//! (0 first, as in `--bots`, the CSV and the summaries), counted nouns with their plural, ids
//! turned into display names, and the score pad as a table with one column per seat.

/// `seat 2`: how every log names a seat.
pub fn seat(s: usize) -> String {
    format!("seat {s}")
}

/// `seat 2`, `seats 0 and 2`, `seats 0, 1 and 3`.
pub fn seats(list: &[usize]) -> String {
    match list {
        [one] => seat(*one),
        _ => {
            let names: Vec<String> = list.iter().map(|s| s.to_string()).collect();
            match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("seats {} and {last}", rest.join(", "))
                }
                _ => format!("seats {}", names.join(", ")),
            }
        }
    }
}

/// `1 coin`, `3 coins`, `0 coins`, `-1 coin`: a count with its noun.
pub fn count(n: impl Into<i64>, noun: &str) -> String {
    let n = n.into();
    if n.abs() == 1 {
        format!("{n} {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `abu_simbel` as `Abu Simbel`: a snake_case id as a display name.
pub fn title_case(id: &str) -> String {
    id.split('_')
        .map(|w| {
            let mut c = w.chars();
            match c.next() {
                Some(first) => first.to_uppercase().chain(c).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A score pad as lines: `header` names the columns (one per seat), each row is a label and
/// one cell per seat; labels left-aligned, cells right-aligned in columns as wide as their
/// widest entry.
pub fn score_pad(header: &[String], rows: &[(String, Vec<String>)]) -> Vec<String> {
    let label_width = rows
        .iter()
        .map(|(l, _)| l.chars().count())
        .max()
        .unwrap_or(0);
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            rows.iter()
                .filter_map(|(_, cells)| cells.get(i))
                .chain([&header[i]])
                .map(|c| c.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |label: &str, cells: &[String]| {
        let mut s = format!("{label:<label_width$}");
        for (cell, w) in cells.iter().zip(&widths) {
            s += &format!("  {cell:>w$}");
        }
        s.trim_end().to_string()
    };
    std::iter::once(line("", header))
        .chain(rows.iter().map(|(label, cells)| line(label, cells)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_names_and_pads() {
        assert_eq!(count(1u8, "shield"), "1 shield");
        assert_eq!(count(0u8, "shield"), "0 shields");
        assert_eq!(count(-1i32, "coin"), "-1 coin");
        assert_eq!(seats(&[2]), "seat 2");
        assert_eq!(seats(&[0, 2]), "seats 0 and 2");
        assert_eq!(seats(&[0, 1, 3]), "seats 0, 1 and 3");
        assert_eq!(title_case("abu_simbel"), "Abu Simbel");
        let pad = score_pad(
            &["seat 0".into(), "seat 1".into()],
            &[("civilian".into(), vec!["46".into(), "6".into()])],
        );
        assert_eq!(
            pad,
            ["          seat 0  seat 1", "civilian      46       6"]
        );
    }
}
