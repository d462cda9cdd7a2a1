//! `wonders serve` and `wonders replay --html`: the web page that replays records and plays
//! games against the bots. The page (`web/page.*`, embedded in the program) holds no rule: it
//! asks the registry, through this server or through the states written into a standalone
//! file, for states, legal actions and the words that describe them.
//!
//! The server is plain `std`: one thread answering one request at a time on 127.0.0.1 (or the
//! given host). It serves its own page and the records it was given at start-up, named by
//! number, never by a path from the request.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use serde_json::{json, Value};
use wonders_bots::BotSpec;

use super::output::{CliResult, Out};
use crate::registry::{self, PlayTable, SeatHolder};

const PAGE_HTML: &str = include_str!("../../web/page.html");
const PAGE_CSS: &str = include_str!("../../web/page.css");
const PAGE_JS: &str = include_str!("../../web/page.js");

/// The longest request body read (a record pasted or dropped on the page).
const MAX_BODY: usize = 64 << 20;
/// The most records listed per file (a `simulate --records` file may hold millions; the
/// others are still reachable by their index).
const MAX_LISTED: usize = 10_000;
/// The most games in play at once on one server (the oldest is dropped beyond it).
const MAX_TABLES: usize = 64;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on.
    #[arg(long, default_value_t = 8077)]
    port: u16,
    /// The address to listen on: 127.0.0.1 keeps the page on this machine; 0.0.0.0 opens it
    /// to the network.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Record files to offer on the page (a record, a JSON Lines file of records such as
    /// `simulate --records` writes, or a directory of them: its *.json and *.jsonl files).
    #[arg(long, num_args = 1..)]
    records: Vec<PathBuf>,
}

/// The page, standalone or served: the styles and script inlined, and (standalone) the
/// replay's steps as data.
pub fn page(data: Option<&Value>) -> String {
    let data = match data {
        // `</` may not appear inside a script element: JSON allows `<\/` for it.
        Some(v) => format!(
            "<script>window.WONDERS_DATA = {};</script>",
            v.to_string().replace("</", "<\\/")
        ),
        None => String::new(),
    };
    PAGE_HTML
        .replace("/*STYLE*/", PAGE_CSS)
        .replace("<!--DATA-->", &data)
        .replace("/*SCRIPT*/", PAGE_JS)
}

/// `wonders replay --html OUT RECORD`: one self-contained file replaying the record's first
/// game, every state worked out here.
pub fn replay_html(record_path: &Path, out_path: &Path) -> CliResult {
    let name = record_path.display().to_string();
    let record = nth_record_in_file(record_path, 0).map_err(|e| format!("{name}: {e}"))?;
    let data = registry::replay_for_page(&record).map_err(|e| format!("{name}: {e}"))?;
    let steps = data["steps"].as_array().map_or(0, Vec::len);
    std::fs::write(out_path, page(Some(&data)))
        .map_err(|e| format!("cannot write {}: {e}", out_path.display()))?;
    let mut out = Out::new();
    out.line(&format!(
        "{}: {} steps of {} written to {}",
        name,
        steps.saturating_sub(1),
        data["game"].as_str().unwrap_or("?"),
        out_path.display()
    ))?;
    out.finish()?;
    Ok(0)
}

/// Record `n` (0-based) of a file of records, read as a stream: the records before it are
/// skipped unparsed, whatever the file's size.
fn nth_record_in_file(path: &Path, n: usize) -> Result<Value, String> {
    use serde::Deserialize;
    let file = File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let mut de = serde_json::Deserializer::from_reader(BufReader::new(file));
    let missing = |k: usize| {
        if k == 0 {
            "no record found".to_string()
        } else {
            format!("no record {n} (the file holds {k})")
        }
    };
    for k in 0..n {
        serde::de::IgnoredAny::deserialize(&mut de).map_err(|e| {
            if e.is_eof() {
                missing(k)
            } else {
                format!("record {k} is not valid JSON: {e}")
            }
        })?;
    }
    Value::deserialize(&mut de).map_err(|e| {
        if e.is_eof() {
            missing(n)
        } else {
            format!("record {n} is not valid JSON: {e}")
        }
    })
}

/// The first record of a JSON text (a record, or JSON Lines).
fn first_record(text: &str) -> Result<Value, String> {
    nth_record(text, 0)
}

/// Record `n` (0-based) of a JSON text holding one or more records.
fn nth_record(text: &str, n: usize) -> Result<Value, String> {
    let mut stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    for k in 0..=n {
        match stream.next() {
            None if k == 0 => return Err("no record found".into()),
            None => return Err(format!("no record {n} (the file holds {k})")),
            Some(Err(e)) => return Err(format!("record {k} is not valid JSON: {e}")),
            Some(Ok(v)) if k == n => return Ok(v),
            Some(Ok(_)) => {}
        }
    }
    unreachable!("the loop returns at k == n")
}

/// A record offered on the page: which file, which record of it, what it is.
struct Listed {
    file: usize,
    index: usize,
    summary: Value,
}

/// The server's state: the files given, their records, the games in play.
struct App {
    files: Vec<PathBuf>,
    listed: Vec<Listed>,
    /// Per file: true when it holds more records than those listed.
    unlisted: Vec<bool>,
    tables: HashMap<u64, Box<dyn PlayTable>>,
    next_table: u64,
}

/// A response: status, content type, body, and extra headers.
struct Response {
    status: u16,
    kind: &'static str,
    body: Vec<u8>,
    headers: Vec<(String, String)>,
}

impl Response {
    fn json(status: u16, v: &Value) -> Response {
        Response {
            status,
            kind: "application/json",
            body: v.to_string().into_bytes(),
            headers: Vec::new(),
        }
    }
    fn error(status: u16, message: impl Into<String>) -> Response {
        Response::json(status, &json!({"error": message.into()}))
    }
    fn text(kind: &'static str, body: String) -> Response {
        Response {
            status: 200,
            kind,
            body: body.into_bytes(),
            headers: Vec::new(),
        }
    }
}

/// The files named on the command line, directories opened (their *.json and *.jsonl files).
fn expand(paths: &[PathBuf]) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut found: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| format!("cannot read {}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|f| {
                    f.is_file()
                        && matches!(
                            f.extension().and_then(|e| e.to_str()),
                            Some("json" | "jsonl")
                        )
                })
                .collect();
            found.sort();
            out.extend(found);
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(format!(
                "--records {}: no such file or directory",
                p.display()
            ));
        }
    }
    Ok(out)
}

impl App {
    fn new(paths: &[PathBuf]) -> Result<App, String> {
        let files = expand(paths)?;
        let mut listed = Vec::new();
        let mut unlisted = Vec::new();
        for (f, path) in files.iter().enumerate() {
            let file =
                File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let stream =
                serde_json::Deserializer::from_reader(BufReader::new(file)).into_iter::<Value>();
            let mut more = false;
            for (count, item) in stream.enumerate() {
                if count == MAX_LISTED {
                    // Not read further: a long run's file would take minutes to count.
                    more = true;
                    break;
                }
                let summary = match item {
                    Ok(v) => json!({
                        "game": v.get("game"),
                        "players": v.get("players"),
                        "seed": v.get("seed"),
                        "options": v.get("options"),
                    }),
                    // Listed all the same: opening it shows the error on the page.
                    Err(e) => json!({"error": format!("not valid JSON: {e}")}),
                };
                let broken = summary.get("error").is_some();
                listed.push(Listed {
                    file: f,
                    index: count,
                    summary,
                });
                if broken {
                    break;
                }
            }
            unlisted.push(more);
        }
        Ok(App {
            files,
            listed,
            unlisted,
            tables: HashMap::new(),
            next_table: 1,
        })
    }

    fn file_name(&self, f: usize) -> String {
        self.files[f].file_name().map_or_else(
            || self.files[f].display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        )
    }

    /// Answers one request. Never panics: every bad input is an error response.
    fn handle(&mut self, method: &str, target: &str, body: &[u8]) -> Response {
        let (path, query) = target.split_once('?').unwrap_or((target, ""));
        let params: HashMap<&str, &str> = query
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .collect();
        match (method, path) {
            ("GET", "/") | ("GET", "/index.html") => Response::text("text/html; charset=utf-8", page(None)),
            ("GET", "/api/records") => self.records(),
            ("GET", "/api/record") => self.record(&params),
            ("POST", "/api/replay") => {
                let text = std::str::from_utf8(body).map_err(|_| "the record is not UTF-8 text".to_string());
                match text.and_then(first_record) {
                    Ok(record) => replay_response(&record),
                    // Shown on the page like a replay's error.
                    Err(e) => Response::json(200, &json!({"error": e})),
                }
            }
            ("GET", "/api/games") => Response::json(
                200,
                &json!(registry::GAMES.iter().map(|g| {
                    let i = g.info();
                    json!({"id": i.id, "name": i.name, "seats": [i.seats.0, i.seats.1],
                           "default_seats": i.default_seats,
                           "options": i.options.iter().map(|o| json!({"key": o.key, "values": o.values, "default": o.default})).collect::<Vec<_>>()})
                }).collect::<Vec<_>>()),
            ),
            ("POST", "/api/play/new") => self.new_table(body),
            ("POST", "/api/play/act") => self.act(body),
            ("GET", "/api/play/state") => match self.table(&params) {
                Ok((id, t)) => Response::json(200, &with_id(t.state(), id)),
                Err(r) => r,
            },
            ("GET", "/api/play/record") => match self.table(&params) {
                Ok((id, t)) => match t.record() {
                    Ok(r) => {
                        let mut resp = Response::json(200, &r);
                        resp.headers.push((
                            "Content-Disposition".into(),
                            format!("attachment; filename=\"{}-game{id}.json\"", t.game_id()),
                        ));
                        resp
                    }
                    Err(e) => Response::error(409, e),
                },
                Err(r) => r,
            },
            (_, "/" | "/index.html" | "/api/records" | "/api/record" | "/api/replay" | "/api/games"
            | "/api/play/new" | "/api/play/act" | "/api/play/state" | "/api/play/record") => {
                Response::error(405, format!("{method} is not allowed on {path}"))
            }
            _ => Response::error(404, "not found: this server serves its page and /api/ only"),
        }
    }

    fn records(&self) -> Response {
        let list: Vec<Value> = self
            .listed
            .iter()
            .map(|l| {
                json!({
                    "file": l.file,
                    "index": l.index,
                    "name": self.file_name(l.file),
                    "summary": l.summary,
                })
            })
            .collect();
        let files: Vec<Value> = (0..self.files.len())
            .map(|f| json!({"file": f, "name": self.file_name(f), "unlisted": self.unlisted[f]}))
            .collect();
        Response::json(200, &json!({"records": list, "files": files}))
    }

    fn record(&self, params: &HashMap<&str, &str>) -> Response {
        let number = |key: &str| params.get(key).and_then(|v| v.parse::<usize>().ok());
        let (Some(file), Some(index)) = (number("file"), number("index")) else {
            return Response::error(400, "give file=F&index=N (numbers from /api/records)");
        };
        let Some(path) = self.files.get(file) else {
            return Response::error(
                404,
                format!("no file {file} (this server has {})", self.files.len()),
            );
        };
        match nth_record_in_file(path, index) {
            Ok(record) => replay_response(&record),
            Err(e) => Response::json(
                200,
                &json!({"error": format!("{} record {index}: {e}", self.file_name(file))}),
            ),
        }
    }

    fn table(
        &mut self,
        params: &HashMap<&str, &str>,
    ) -> Result<(u64, &mut Box<dyn PlayTable>), Response> {
        let id = params
            .get("id")
            .and_then(|v| v.parse::<u64>().ok())
            .ok_or_else(|| Response::error(400, "give id=N (from /api/play/new)"))?;
        self.tables
            .get_mut(&id)
            .map(|t| (id, t))
            .ok_or_else(|| Response::error(404, format!("no game {id} in play here")))
    }

    fn new_table(&mut self, body: &[u8]) -> Response {
        let req: Value = match serde_json::from_slice(body) {
            Ok(v) => v,
            Err(e) => return Response::error(400, format!("not valid JSON: {e}")),
        };
        let spec = req["game"].as_str().unwrap_or("duel");
        let seed = req["seed"].as_u64().unwrap_or(1);
        let (game, options) = match registry::parse_game_spec(spec) {
            Ok(g) => g,
            Err(e) => return Response::error(400, e),
        };
        let seats = match game.seats(&options) {
            Ok(n) => n,
            Err(e) => return Response::error(400, e),
        };
        let Some(list) = req["seats"].as_array() else {
            return Response::error(
                400,
                format!("give `seats`: one entry per seat ({seats}), `person` or a bot spec"),
            );
        };
        let mut holders = Vec::new();
        for s in list {
            let text = s.as_str().unwrap_or("").trim();
            holders.push(if text == "person" {
                SeatHolder::Person
            } else {
                match BotSpec::parse(text) {
                    Ok(b) => SeatHolder::Bot(b),
                    Err(e) => return Response::error(400, format!("seat {}: {e}", holders.len())),
                }
            });
        }
        let table = match game.start_play(&options, seed, holders) {
            Ok(t) => t,
            Err(e) => return Response::error(400, e),
        };
        if self.tables.len() >= MAX_TABLES {
            if let Some(&oldest) = self.tables.keys().min() {
                self.tables.remove(&oldest);
            }
        }
        let id = self.next_table;
        self.next_table += 1;
        let state = with_id(table.state(), id);
        self.tables.insert(id, table);
        Response::json(200, &state)
    }

    fn act(&mut self, body: &[u8]) -> Response {
        let req: Value = match serde_json::from_slice(body) {
            Ok(v) => v,
            Err(e) => return Response::error(400, format!("not valid JSON: {e}")),
        };
        let Some(index) = req["index"].as_u64() else {
            return Response::error(400, "give `index`: the legal action's index");
        };
        let Some(id) = req["id"].as_u64() else {
            return Response::error(400, "give `id`: the game's id");
        };
        let Some(table) = self.tables.get_mut(&id) else {
            return Response::error(404, format!("no game {id} in play here"));
        };
        match table.act(index as usize) {
            Ok(()) => Response::json(200, &with_id(table.state(), id)),
            Err(e) => Response::error(400, e),
        }
    }
}

fn with_id(mut state: Value, id: u64) -> Value {
    state["id"] = json!(id);
    state
}

/// A record's replay for the page, or its error (shown on the page).
fn replay_response(record: &Value) -> Response {
    match registry::replay_for_page(record) {
        Ok(v) => Response::json(200, &v),
        Err(e) => Response::json(200, &json!({"error": e.to_string()})),
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        409 => "Conflict",
        413 => "Payload Too Large",
        _ => "Internal Server Error",
    }
}

/// A request: method, target, body.
type Request = (String, String, Vec<u8>);

/// Reads one request. `Err` carries the response to a malformed one.
fn read_request(stream: &TcpStream) -> Result<Request, Response> {
    let mut reader = BufReader::new(stream.take(MAX_BODY as u64 + 64 * 1024));
    let mut line = String::new();
    let bad = |m: &str| Response::error(400, m.to_string());
    reader
        .read_line(&mut line)
        .map_err(|_| bad("cannot read the request line"))?;
    let mut parts = line.split_whitespace();
    let (Some(method), Some(target)) = (parts.next(), parts.next()) else {
        return Err(bad("malformed request line"));
    };
    let (method, target) = (method.to_string(), target.to_string());
    let mut length = 0usize;
    for _ in 0..100 {
        let mut header = String::new();
        if reader
            .read_line(&mut header)
            .map_err(|_| bad("cannot read the headers"))?
            == 0
        {
            break;
        }
        let header = header.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((k, v)) = header.split_once(':') {
            if k.trim().eq_ignore_ascii_case("content-length") {
                length = v.trim().parse().map_err(|_| bad("bad Content-Length"))?;
            }
        }
    }
    if length > MAX_BODY {
        return Err(Response::error(
            413,
            format!("a request body longer than {} MB", MAX_BODY >> 20),
        ));
    }
    let mut body = vec![0; length];
    reader
        .read_exact(&mut body)
        .map_err(|_| bad("the body is shorter than its Content-Length"))?;
    Ok((method, target, body))
}

fn write_response(mut stream: &TcpStream, r: &Response) -> io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n",
        r.status,
        reason(r.status),
        r.kind,
        r.body.len()
    );
    for (k, v) in &r.headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(&r.body)?;
    stream.flush()
}

/// [`App::handle`], with a last guard: should an engine panic on some input nobody foresaw,
/// that request gets a 500 naming the panic and the server goes on (the games in play stay).
fn answer(app: &mut App, method: &str, target: &str, body: &[u8]) -> Response {
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        app.handle(method, target, body)
    }));
    result.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown".into());
        Response::error(500, format!("internal error (please report it): {what}"))
    })
}

/// `wonders serve`.
pub fn serve(args: ServeArgs) -> CliResult {
    let mut app = App::new(&args.records)?;
    let address = format!("{}:{}", args.host, args.port);
    let listener = TcpListener::bind(&address).map_err(|e| {
        if e.kind() == io::ErrorKind::AddrInUse {
            format!(
                "cannot listen on {address}: the port is already in use (another `wonders serve`?); \
                 choose another with --port"
            )
        } else {
            format!("cannot listen on {address}: {e}")
        }
    })?;
    let mut out = Out::new();
    out.line(&format!(
        "serving http://{address}/ ({} record{} from {} file{}); Ctrl-C stops",
        app.listed.len(),
        if app.listed.len() == 1 { "" } else { "s" },
        app.files.len(),
        if app.files.len() == 1 { "" } else { "s" },
    ))?;
    out.finish()?;
    // Connections are read on threads of their own (a browser may open one and send nothing
    // for a while); the requests are answered here, one at a time, by the one `App`.
    let (sender, requests) = std::sync::mpsc::channel::<(TcpStream, Result<Request, Response>)>();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { continue };
            let sender = sender.clone();
            std::thread::spawn(move || {
                let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
                let _ = stream.set_write_timeout(Some(Duration::from_secs(30)));
                let request = read_request(&stream);
                let _ = sender.send((stream, request));
            });
        }
    });
    for (stream, request) in requests {
        let response = match request {
            Ok((method, target, body)) => answer(&mut app, &method, &target, &body),
            Err(r) => r,
        };
        // Written on the connection's own thread: a slow reader holds up no one.
        std::thread::spawn(move || {
            let _ = write_response(&stream, &response);
        });
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn duel_record() -> Value {
        let (game, options) = registry::parse_game_spec("duel").unwrap();
        game.play(&options, 5, &[BotSpec::parse("random").unwrap()])
            .unwrap()
            .record
    }

    fn body(r: &Response) -> Value {
        serde_json::from_slice(&r.body).unwrap()
    }

    #[test]
    fn a_record_posted_is_replayed_and_a_corrupt_one_gives_the_replay_error() {
        let mut app = App::new(&[]).unwrap();
        let record = duel_record();
        let r = app.handle("POST", "/api/replay", record.to_string().as_bytes());
        let v = body(&r);
        let steps = v["steps"].as_array().unwrap();
        assert_eq!(steps.len(), record["actions"].as_array().unwrap().len() + 1);
        let totals: Vec<i64> = v["score"]["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["total"].as_i64().unwrap())
            .collect();
        let recorded: Vec<i64> = record["result"]["scores"]
            .as_array()
            .map(|s| {
                s.iter()
                    .map(|s| s["total"].as_i64().unwrap_or(-1))
                    .collect()
            })
            .unwrap_or_default();
        if !recorded.is_empty() {
            assert_eq!(totals, recorded);
        }
        let mut bad = record.clone();
        bad["actions"][3] = json!({"type": "nonsense"});
        let v = body(&app.handle("POST", "/api/replay", bad.to_string().as_bytes()));
        assert!(v["error"].as_str().unwrap().starts_with("action 3"), "{v}");
    }

    #[test]
    fn no_request_panics_and_paths_are_never_files() {
        let mut app = App::new(&[]).unwrap();
        let record = duel_record().to_string();
        let targets = [
            "/",
            "/../Cargo.toml",
            "/api/record?file=0&index=0",
            "/api/record?file=../../etc/passwd",
            "/api/record?file=99999999999999999999&index=-1",
            "/api/play/state?id=x",
            "/api/play/record?id=1",
            "/etc/passwd",
            "//",
            "/api/records",
            "/api/games",
            "",
            "/api/play/act",
            "/api/play/new",
            "/api/replay",
            "/%2e%2e/Cargo.toml",
        ];
        let bodies: Vec<Vec<u8>> = vec![
            Vec::new(),
            b"{".to_vec(),
            b"null".to_vec(),
            b"[1,2,3]".to_vec(),
            br#"{"game":"duel","seats":["person","nonsense"]}"#.to_vec(),
            br#"{"game":"chess","seats":[]}"#.to_vec(),
            br#"{"game":"classic:players=3","seats":["person"]}"#.to_vec(),
            br#"{"id":1,"index":99999}"#.to_vec(),
            br#"{"id":1,"index":0}"#.to_vec(),
            br#"{"game":"duel","format":"wonders-record"}"#.to_vec(),
            record.as_bytes()[..record.len() / 2].to_vec(),
            vec![0xff, 0xfe, 0x00],
        ];
        for method in ["GET", "POST", "PUT", "DELETE"] {
            for t in targets {
                for b in &bodies {
                    let r = app.handle(method, t, b);
                    if t.contains("..") || t.contains("passwd") || t.contains("%2e") {
                        assert!(r.status >= 400 || body(&r).get("error").is_some(), "{t}");
                    }
                }
            }
        }
        // A game in play refuses an illegal index and a bot's turn.
        let r = app.handle(
            "POST",
            "/api/play/new",
            br#"{"game":"duel","seed":3,"seats":["person","random"]}"#,
        );
        let v = body(&r);
        let id = v["id"].as_u64().unwrap();
        let r = app.handle(
            "POST",
            "/api/play/act",
            json!({"id": id, "index": 10_000}).to_string().as_bytes(),
        );
        assert_eq!(r.status, 400);
    }

    #[test]
    fn records_of_a_json_lines_file_open_by_index() {
        let dir = std::env::temp_dir().join(format!("wonders-web-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("run.jsonl");
        let (game, options) = registry::parse_game_spec("duel").unwrap();
        let lines: Vec<String> = (0..3)
            .map(|seed| {
                game.play(&options, seed, &[BotSpec::parse("random").unwrap()])
                    .unwrap()
                    .record
                    .to_string()
            })
            .collect();
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        let mut app = App::new(std::slice::from_ref(&dir)).unwrap();
        let listing = body(&app.handle("GET", "/api/records", b""));
        assert_eq!(listing["records"].as_array().unwrap().len(), 3);
        assert_eq!(listing["records"][2]["summary"]["seed"], 2);
        let v = body(&app.handle("GET", "/api/record?file=0&index=2", b""));
        assert!(v["score"]["seats"].is_array(), "{v}");
        let v = body(&app.handle("GET", "/api/record?file=0&index=5", b""));
        assert_eq!(
            v["error"],
            "run.jsonl record 5: no record 5 (the file holds 3)"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn mutated_records_and_requests_never_panic() {
        use rand::{Rng, SeedableRng};
        let mut rng = crate::common::GameRng::seed_from_u64(33);
        let mut app = App::new(&[]).unwrap();
        let records: Vec<String> = [
            "duel:expansions=pantheon",
            "classic:players=3",
            "architects",
        ]
        .iter()
        .map(|spec| {
            let (game, options) = registry::parse_game_spec(spec).unwrap();
            game.play(&options, 2, &[BotSpec::parse("random").unwrap()])
                .unwrap()
                .record
                .to_string()
        })
        .collect();
        let pieces = [
            "0",
            "-1",
            "\"x\"",
            "null",
            "[]",
            "{}",
            "99999999999999999999",
            "true",
        ];
        let mut answered_with_error = 0;
        for round in 0..300 {
            let mut bytes = records[round % records.len()].clone().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                let at = rng.random_range(0..bytes.len());
                match rng.random_range(0..3) {
                    0 => {
                        bytes.remove(at);
                    }
                    1 => bytes[at] = rng.random_range(0x20..0x7f),
                    _ => {
                        let p = pieces[rng.random_range(0..pieces.len())];
                        bytes.splice(at..at, p.bytes());
                    }
                }
            }
            let r = answer(&mut app, "POST", "/api/replay", &bytes);
            assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
            if body(&r).get("error").is_some() {
                answered_with_error += 1;
            }
        }
        // Most mutations break the record, and each says how.
        assert!(answered_with_error > 150, "{answered_with_error}");
        // Random play requests: any game, any holders, any index.
        for _ in 0..200 {
            let spec = [
                "duel",
                "classic:players=3",
                "architects:players=2",
                "chess",
                "",
            ][rng.random_range(0..5)];
            let seats: Vec<&str> = (0..rng.random_range(0..5))
                .map(|_| ["person", "random", "greedy", "x", ""][rng.random_range(0..5)])
                .collect();
            let r = answer(
                &mut app,
                "POST",
                "/api/play/new",
                json!({"game": spec, "seed": rng.random::<u64>(), "seats": seats})
                    .to_string()
                    .as_bytes(),
            );
            assert!(r.status == 200 || r.status == 400);
            let id = rng.random_range(0..5u64);
            let index = rng.random_range(0..40u64);
            let r = answer(
                &mut app,
                "POST",
                "/api/play/act",
                json!({"id": id, "index": index}).to_string().as_bytes(),
            );
            assert!(r.status != 500, "{}", String::from_utf8_lossy(&r.body));
        }
    }

    #[test]
    fn malformed_requests_on_the_wire_get_an_error_not_a_hang() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        let inputs: Vec<&[u8]> = vec![
            b"\r\n\r\n",
            b"GET\r\n\r\n",
            b"POST /api/replay HTTP/1.1\r\nContent-Length: nine\r\n\r\n",
            b"POST /api/replay HTTP/1.1\r\nContent-Length: 999999999999\r\n\r\n",
            b"POST /api/replay HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc",
            b"\xff\xfe\x00 / HTTP/1.1\r\n\r\n",
        ];
        for input in inputs {
            let mut client = TcpStream::connect(address).unwrap();
            client.write_all(input).unwrap();
            client.shutdown(std::net::Shutdown::Write).unwrap();
            let (server_side, _) = listener.accept().unwrap();
            server_side
                .set_read_timeout(Some(Duration::from_secs(5)))
                .unwrap();
            let r = read_request(&server_side).expect_err("refused");
            assert!(r.status == 400 || r.status == 413, "{}", r.status);
        }
    }

    #[test]
    fn a_person_plays_a_duel_to_the_end_and_its_record_replays() {
        let mut app = App::new(&[]).unwrap();
        let v = body(&app.handle(
            "POST",
            "/api/play/new",
            br#"{"game":"duel","seed":9,"seats":["person","greedy"]}"#,
        ));
        let id = v["id"].as_u64().unwrap();
        let mut state = v;
        let mut moves = 0;
        while state["over"] == false {
            assert!(!state["legal"].as_array().unwrap().is_empty());
            state = body(&app.handle(
                "POST",
                "/api/play/act",
                json!({"id": id, "index": 0}).to_string().as_bytes(),
            ));
            moves += 1;
            assert!(moves < 500);
        }
        let r = app.handle("GET", &format!("/api/play/record?id={id}"), b"");
        assert_eq!(r.status, 200);
        let record = body(&r);
        registry::replay(&record).unwrap();
        assert_eq!(record["players"], json!(["person", "greedy"]));
    }
}
