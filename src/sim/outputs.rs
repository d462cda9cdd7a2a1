//! The output files of a run, held from before the first game to the end: nothing lost,
//! nothing overwritten, never two writers.
//!
//! - Outputs are compared by file identity (device and inode), not by name, so two flags that
//!   reach one file through a symbolic or hard link are refused before anything is written.
//! - Each output is locked (an advisory exclusive lock, `flock`, on Unix) for the whole run: a
//!   second run on the same file, or a `--resume` while the first run still writes, is refused
//!   at once, naming the file.
//! - A non-empty file is overwritten only when the caller says so (`--force`, `--resume`).
//! - Files written at the end (summaries, a game record) go to a temporary file beside the
//!   destination, renamed over it when whole: a signal or a full disk never leaves it torn or
//!   empty.
//! - Files appended to during a run remember how long they were after the last whole games
//!   written ([`OutputFile::commit`]); after a failed write they are cut back there
//!   ([`OutputFile::roll_back`]), so they hold whole games only.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::SimError;

/// One output of a run: open, locked, not truncated yet.
#[derive(Debug)]
pub struct OutputFile {
    /// The option that named it (`--out`, `--records`, `--summary`, `--record`).
    flag: String,
    path: PathBuf,
    file: File,
    /// Created by this run (it did not exist before).
    created: bool,
    /// Its length after the last whole games written.
    committed: u64,
}

/// What identifies a file whatever the name it is reached by.
#[derive(Debug, PartialEq, Eq)]
struct FileId(u64, u64);

#[cfg(unix)]
fn file_id(file: &File) -> Option<FileId> {
    use std::os::unix::fs::MetadataExt;
    let m = file.metadata().ok()?;
    Some(FileId(m.dev(), m.ino()))
}

/// Elsewhere only resolved names are compared.
#[cfg(not(unix))]
fn file_id(_file: &File) -> Option<FileId> {
    None
}

impl OutputFile {
    /// Opens (creating it if need be, never truncating) and locks every output of a run, in
    /// order. Refuses two outputs that are one file (however they are named), a file another
    /// run holds, and, unless `overwrite`, a regular file that already holds data (the message
    /// suggests `--resume` too when the run is `resumable`). Files this call created are
    /// removed again when it refuses.
    pub fn open_all(
        outputs: &[(&str, &Path)],
        overwrite: bool,
        resumable: bool,
    ) -> Result<Vec<Self>, SimError> {
        let mut opened: Vec<OutputFile> = Vec::with_capacity(outputs.len());
        let result = Self::open_into(outputs, overwrite, resumable, &mut opened);
        if result.is_err() {
            for o in opened.drain(..) {
                o.discard_if_created();
            }
        }
        result.map(|()| opened)
    }

    /// [`open_all`](Self::open_all) for outputs that may be absent: each given path's file in
    /// its place.
    pub(crate) fn open_some<const N: usize>(
        outputs: [(&str, Option<&Path>); N],
        overwrite: bool,
        resumable: bool,
    ) -> Result<[Option<Self>; N], SimError> {
        let named: Vec<(&str, &Path)> = outputs
            .iter()
            .filter_map(|&(flag, path)| path.map(|p| (flag, p)))
            .collect();
        let mut files = Self::open_all(&named, overwrite, resumable)?.into_iter();
        Ok(outputs.map(|(_, path)| path.and_then(|_| files.next())))
    }

    fn open_into(
        outputs: &[(&str, &Path)],
        overwrite: bool,
        resumable: bool,
        opened: &mut Vec<OutputFile>,
    ) -> Result<(), SimError> {
        for &(flag, path) in outputs {
            let (file, created) = open_no_truncate(path).map_err(|e| SimError::io(path, e))?;
            let id = file_id(&file);
            // Kept before the check, so that a file just created is removed on refusal.
            opened.push(OutputFile {
                flag: flag.to_owned(),
                path: path.to_owned(),
                file,
                created,
                committed: 0,
            });
            let (new, earlier) = opened.split_last().expect("just pushed");
            for other in earlier {
                let same =
                    (id.is_some() && file_id(&other.file) == id) || same_path(&other.path, path);
                if same {
                    return Err(SimError::Options(format!(
                        "{} {} and {} {} name the same file (by name or through a link): \
                         give each output its own file",
                        other.flag,
                        other.path.display(),
                        new.flag,
                        path.display()
                    )));
                }
            }
        }
        // Lock only once all are known to be distinct: a process's second lock on its own
        // file would fail as if another run held it.
        for o in opened.iter() {
            match try_lock(&o.file) {
                Ok(true) => {}
                Ok(false) => {
                    return Err(SimError::Options(format!(
                        "{} {} is being written by another run (it holds a lock on the file): \
                         wait for that run to end, or give another file",
                        o.flag,
                        o.path.display()
                    )))
                }
                // A device or a pipe may not take locks; a regular file must.
                Err(_) if !o.is_regular() => {}
                Err(e) => {
                    return Err(SimError::Options(format!(
                        "cannot lock {} {}: {e}",
                        o.flag,
                        o.path.display()
                    )))
                }
            }
        }
        if !overwrite {
            for o in opened.iter() {
                let m = o.file.metadata().map_err(|e| SimError::io(&o.path, e))?;
                if m.is_file() && m.len() > 0 {
                    return Err(SimError::Options(format!(
                        "{} {} already holds data: add --force to overwrite it{}",
                        o.flag,
                        o.path.display(),
                        if resumable {
                            ", or --resume to continue the run it holds"
                        } else {
                            ""
                        }
                    )));
                }
            }
        }
        Ok(())
    }

    /// The file's path as given.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The open file (locked for as long as this value or a clone of the handle lives).
    pub fn handle(&self) -> Result<File, SimError> {
        self.file
            .try_clone()
            .map_err(|e| SimError::io(&self.path, e))
    }

    /// Empties the file, to write it from the start.
    pub fn truncate(&mut self) -> Result<(), SimError> {
        if self.is_regular() {
            self.file
                .set_len(0)
                .map_err(|e| SimError::io(&self.path, e))?;
        }
        self.committed = 0;
        Ok(())
    }

    /// Notes the file's current length as holding whole games only.
    pub fn commit(&mut self) -> Result<(), SimError> {
        if self.is_regular() {
            self.committed = self
                .file
                .metadata()
                .map_err(|e| SimError::io(&self.path, e))?
                .len();
        }
        Ok(())
    }

    /// Cuts the file back to its length at the last [`commit`](Self::commit), after a failed
    /// write left part of a game in it. Call it once every writer on the file is dropped (a
    /// buffered writer flushes what it still holds when dropped).
    pub fn roll_back(&self) {
        if self.is_regular() {
            // Shortening a file needs no space; if even that fails, `--resume` cuts the torn
            // row when the run goes on.
            let _ = self.file.set_len(self.committed);
        }
    }

    /// Replaces the file's content with `text` as a whole: written to a temporary file beside
    /// it, then renamed over it, so that it is never seen torn or empty. A file that is not a
    /// regular one (`/dev/stdout`, a pipe) is written in place.
    pub fn replace_with(&self, text: &str) -> Result<(), SimError> {
        if !self.is_regular() {
            return (&self.file)
                .write_all(text.as_bytes())
                .and_then(|()| (&self.file).flush())
                .map_err(|e| SimError::io(&self.path, e));
        }
        replace_file(&self.path, text.as_bytes())
    }

    fn is_regular(&self) -> bool {
        self.file.metadata().is_ok_and(|m| m.is_file())
    }

    fn discard_if_created(self) {
        if self.created {
            // Through a link, the file created is the link's target.
            let target = std::fs::canonicalize(&self.path).unwrap_or(self.path);
            let _ = std::fs::remove_file(target);
        }
    }
}

/// Takes an exclusive advisory lock on `file` (`flock`): false when another open file holds
/// one. The lock goes when the file's last handle is closed, or the process ends however it
/// ends. A busy lock is tried again for a tenth of a second before giving up: a process that
/// starts a child shares every open descriptor with it between fork and exec, so a run that
/// has just ended may still hold its lock for that moment (a program running runs one after
/// another, as the tests do, would otherwise be refused now and then).
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<bool> {
    use std::os::unix::io::AsRawFd;
    for _ in 0..20 {
        // SAFETY: `flock` on a descriptor this `File` owns and keeps open for the call.
        let done = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
        if done == 0 {
            return Ok(true);
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::WouldBlock {
            return Err(e);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    Ok(false)
}

/// Elsewhere outputs are not locked.
#[cfg(not(unix))]
fn try_lock(_file: &File) -> std::io::Result<bool> {
    Ok(true)
}

/// Opens `path` for appending, creating it if missing, never truncating it; says whether it
/// was created.
fn open_no_truncate(path: &Path) -> std::io::Result<(File, bool)> {
    let mut options = OpenOptions::new();
    options.read(true).append(true);
    match options.clone().create_new(true).open(path) {
        Ok(f) => Ok((f, true)),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            // An existing file, or a symbolic link to one, or a dangling link: its target is
            // created then.
            let existed = std::fs::metadata(path).is_ok();
            options.create(true).open(path).map(|f| (f, !existed))
        }
        Err(e) => Err(e),
    }
}

/// Whether two paths name one file by their resolved names (a fallback where file identity
/// says nothing).
fn same_path(a: &Path, b: &Path) -> bool {
    matches!(
        (std::fs::canonicalize(a), std::fs::canonicalize(b)),
        (Ok(x), Ok(y)) if x == y
    )
}

/// Replaces the file at `path` (through its symbolic links) with `bytes`, whole or not at all:
/// written to a temporary file in the same directory, synced, then renamed over it. A path
/// that names no regular file (`/dev/stdout`) is written in place.
pub fn replace_file(path: &Path, bytes: &[u8]) -> Result<(), SimError> {
    let target = match std::fs::canonicalize(path) {
        Ok(t) if t.is_file() => t,
        Ok(_) => return std::fs::write(path, bytes).map_err(|e| SimError::io(path, e)),
        // Not there yet: it is created beside where it will be.
        Err(_) => path.to_owned(),
    };
    let name = target
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let tmp = target.with_file_name(format!(".{name}.tmp-{}", std::process::id()));
    let written = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        // Keep the permissions of the file replaced.
        if let Ok(m) = std::fs::metadata(&target) {
            let _ = std::fs::set_permissions(&tmp, m.permissions());
        }
        std::fs::rename(&tmp, &target)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(|e| SimError::io(path, e))
}
