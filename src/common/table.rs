//! A plain table of typed cells: how a game lists its components, whatever the output format.

/// One cell: text, a whole number, or nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// Text (an id, a cost written out, an effect …).
    Text(String),
    /// A number: written as a JSON number, not a string.
    Int(i64),
    /// No value for this row (JSON `null`, an empty CSV field).
    Empty,
}

impl Cell {
    /// The cell as text (empty for [`Cell::Empty`]).
    pub fn text(&self) -> String {
        match self {
            Cell::Text(s) => s.clone(),
            Cell::Int(n) => n.to_string(),
            Cell::Empty => String::new(),
        }
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Cell {
        Cell::Int(n)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Cell {
        v.map_or(Cell::Empty, Into::into)
    }
}

/// A titled table: `columns` name the cells of every row, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// What the rows are (`cards`, `wonders`, `progress_tokens`, …).
    pub title: &'static str,
    /// Column names (snake_case).
    pub columns: Vec<&'static str>,
    /// Rows, each with one cell per column.
    pub rows: Vec<Vec<Cell>>,
}
