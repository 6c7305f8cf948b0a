//! Inputs of batch commands: arguments or standard input, line by line, streamed.

use std::error::Error;
use std::io::{self, BufRead, Read, Write};

/// The longest input line accepted (a board of a million cells fits): a longer one is an
/// error, not an unbounded allocation.
pub const MAX_LINE: usize = 1 << 20;

/// The inputs of a batch command: `args` if there are any, otherwise standard input, one
/// input per line, each handed over as soon as it is read (so a script can drive the
/// command line by line). Blank lines and lines starting with `#` are skipped, and lines
/// are trimmed.
pub fn inputs(args: Vec<String>) -> Box<dyn Iterator<Item = io::Result<String>>> {
    if args.is_empty() {
        Box::new(StdinLines {
            stdin: io::stdin().lock(),
        })
    } else {
        Box::new(args.into_iter().filter_map(|a| keep(&a).map(Ok)))
    }
}

/// Standard input line by line, trimmed, blank and `#` lines skipped, each line under
/// [`MAX_LINE`] bytes (a longer one is an error, not an unbounded allocation).
pub fn stdin_lines() -> impl Iterator<Item = io::Result<String>> {
    StdinLines {
        stdin: io::stdin().lock(),
    }
}

fn keep(line: &str) -> Option<String> {
    let t = line.trim();
    (!t.is_empty() && !t.starts_with('#')).then(|| t.to_owned())
}

struct StdinLines {
    stdin: io::StdinLock<'static>,
}

impl Iterator for StdinLines {
    type Item = io::Result<String>;

    fn next(&mut self) -> Option<io::Result<String>> {
        loop {
            let mut buf = Vec::new();
            let limit = (MAX_LINE + 1) as u64;
            match (&mut self.stdin).take(limit).read_until(b'\n', &mut buf) {
                Ok(0) => return None,
                Ok(_) if buf.len() > MAX_LINE => {
                    // The rest of the line goes unread, a buffer at a time, so a caller
                    // that carries on (a protocol engine answering the line with an error)
                    // reads the next line next.
                    if buf.last() != Some(&b'\n')
                        && let Err(e) = skip_line(&mut self.stdin)
                    {
                        return Some(Err(e));
                    }
                    return Some(Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("an input line is longer than {MAX_LINE} bytes"),
                    )));
                }
                Ok(_) => {
                    let Ok(text) = String::from_utf8(buf) else {
                        return Some(Err(io::Error::new(
                            io::ErrorKind::InvalidData,
                            "an input line is not UTF-8 text",
                        )));
                    };
                    if let Some(line) = keep(&text) {
                        return Some(Ok(line));
                    }
                }
                Err(e) => return Some(Err(e)),
            }
        }
    }
}

/// Consumes input up to and including the next newline (or the end), holding no more than
/// the reader's own buffer.
fn skip_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        if let Some(i) = buf.iter().position(|&b| b == b'\n') {
            input.consume(i + 1);
            return Ok(());
        }
        let n = buf.len();
        input.consume(n);
    }
}

/// Answers every input with one output line, in order, flushed at once: `answer`'s text,
/// or `error: <message>` when it fails. Ends with an error saying how many inputs failed,
/// if any did (so the command exits non-zero after answering all of them).
///
/// # Errors
/// Reading the inputs or writing the answers failed, or some answers were errors.
pub fn batch(
    inputs: impl IntoIterator<Item = io::Result<String>>,
    mut answer: impl FnMut(&str) -> Result<String, Box<dyn Error>>,
) -> Result<(), Box<dyn Error>> {
    let mut out = io::stdout().lock();
    let (mut total, mut failed) = (0usize, 0usize);
    for line in inputs {
        let line = line?;
        total += 1;
        match answer(&line) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "error: {e}")?;
            }
        }
        out.flush()?;
    }
    if failed > 0 {
        return Err(format!("{failed} of {total} inputs failed").into());
    }
    if total == 0 {
        return Err("no input given (pass it as arguments or on standard input)".into());
    }
    Ok(())
}

/// All of standard input as text (for commands reading one multi-line position), at most
/// `limit` bytes.
///
/// # Errors
/// Reading failed, the text is not UTF-8, or it is longer than `limit`.
pub fn read_stdin(limit: usize) -> Result<String, Box<dyn Error>> {
    let mut buf = Vec::new();
    io::stdin()
        .lock()
        .take(limit as u64 + 1)
        .read_to_end(&mut buf)?;
    if buf.len() > limit {
        return Err(format!("standard input is longer than {limit} bytes").into());
    }
    Ok(String::from_utf8(buf).map_err(|_| "standard input is not UTF-8 text")?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipping_a_line_stops_after_its_newline_and_at_the_end() {
        // A small buffer, so the skipped line spans many fills.
        let text = format!("{}\nnext\n", "x".repeat(10_000));
        let mut input = io::BufReader::with_capacity(64, text.as_bytes());
        skip_line(&mut input).unwrap();
        let mut rest = String::new();
        input.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "next\n");
        let mut unterminated = io::BufReader::with_capacity(8, "no newline".as_bytes());
        skip_line(&mut unterminated).unwrap();
        assert_eq!(unterminated.fill_buf().unwrap(), b"");
    }
}
