//! Plain tables rendered as aligned text or Markdown, and the output format chosen by a file's
//! extension.

use std::path::Path;

use super::SimError;

/// The format of a summary or tournament report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    /// Aligned plain-text tables for a terminal (`.txt`).
    Text,
    /// GitHub-flavoured Markdown tables (`.md`).
    Markdown,
    /// One tidy CSV table (`.csv`).
    Csv,
    /// A JSON document (`.json`).
    Json,
}

impl ReportFormat {
    /// The format named by `path`'s extension: `.md`/`.markdown`, `.csv`, `.json`, `.txt`.
    pub fn from_path(path: &Path) -> Result<Self, SimError> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        match ext.as_str() {
            "md" | "markdown" => Ok(Self::Markdown),
            "csv" => Ok(Self::Csv),
            "json" => Ok(Self::Json),
            "txt" => Ok(Self::Text),
            _ => Err(SimError::Options(format!(
                "cannot tell the report format of {}: use a .md, .csv, .json or .txt file",
                path.display()
            ))),
        }
    }
}

/// Replaces the file at `path` with `text` as a whole (see [`replace_file`]), as a clear error
/// on failure.
///
/// [`replace_file`]: super::outputs::replace_file
pub(crate) fn write_file(path: &Path, text: &str) -> Result<(), SimError> {
    super::outputs::replace_file(path, text.as_bytes())
}

/// A titled table of strings; numeric columns are right-aligned in text.
pub(crate) struct Table {
    pub title: String,
    pub headers: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Columns from this index on are right-aligned.
    pub numeric_from: usize,
}

impl Table {
    pub fn new(title: impl Into<String>, headers: &[&str], numeric_from: usize) -> Self {
        Self {
            title: title.into(),
            headers: headers.iter().map(|h| h.to_string()).collect(),
            rows: Vec::new(),
            numeric_from,
        }
    }

    pub fn text(&self, out: &mut String) {
        let widths: Vec<usize> = (0..self.headers.len())
            .map(|c| {
                self.rows
                    .iter()
                    .map(|r| r[c].chars().count())
                    .chain([self.headers[c].chars().count()])
                    .max()
                    .unwrap_or(0)
            })
            .collect();
        out.push_str(&self.title);
        out.push('\n');
        let line = |cells: &[String], out: &mut String| {
            let parts: Vec<String> = cells
                .iter()
                .enumerate()
                .map(|(c, s)| {
                    if c >= self.numeric_from {
                        format!("{s:>w$}", w = widths[c])
                    } else {
                        format!("{s:<w$}", w = widths[c])
                    }
                })
                .collect();
            out.push_str("  ");
            out.push_str(parts.join("  ").trim_end());
            out.push('\n');
        };
        line(&self.headers, out);
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        line(&rule, out);
        for r in &self.rows {
            line(r, out);
        }
        out.push('\n');
    }

    pub fn markdown(&self, out: &mut String) {
        out.push_str(&format!("### {}\n\n", self.title));
        out.push_str(&format!("| {} |\n", self.headers.join(" | ")));
        let align: Vec<&str> = (0..self.headers.len())
            .map(|c| {
                if c >= self.numeric_from {
                    "---:"
                } else {
                    "---"
                }
            })
            .collect();
        out.push_str(&format!("|{}|\n", align.join("|")));
        for r in &self.rows {
            let cells: Vec<String> = r.iter().map(|s| s.replace('|', "\\|")).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out.push('\n');
    }
}

/// A proportion as a percentage with one decimal.
pub(crate) fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// An interval of proportions as percentages.
pub(crate) fn pct_interval(lo: f64, hi: f64) -> String {
    format!("[{:.1}, {:.1}]", 100.0 * lo, 100.0 * hi)
}
