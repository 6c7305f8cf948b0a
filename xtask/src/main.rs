//! Project tasks, run as `cargo xtask <task>` (the alias is in `.cargo/config.toml`).
//!
//! - `cargo xtask web` builds the browser page into `web/dist/`: the `plateau-web` crate for
//!   `wasm32-unknown-unknown` in release, its JavaScript bindings with `wasm-bindgen`, then
//!   the page with Vite (`npm ci` first when `web/node_modules` is missing).
//! - `cargo xtask web --serve` builds, then serves `web/dist/` on <http://127.0.0.1:8000> as
//!   plain static files (`--port N` for another port, `--no-build` to serve what is there).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::process::{Command, ExitCode};

const USAGE: &str = "usage: cargo xtask web [--serve] [--no-build] [--port N]";

fn main() -> ExitCode {
    match run(&std::env::args().skip(1).collect::<Vec<_>>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

/// What `cargo xtask web` was asked to do.
#[derive(Debug, PartialEq, Eq)]
struct Web {
    build: bool,
    serve: bool,
    port: u16,
}

fn parse(args: &[String]) -> Result<Web, String> {
    let Some((task, rest)) = args.split_first() else {
        return Err(USAGE.to_string());
    };
    if task != "web" {
        return Err(format!("unknown task {task:?}; {USAGE}"));
    }
    let mut web = Web {
        build: true,
        serve: false,
        port: 8000,
    };
    let mut rest = rest.iter();
    while let Some(arg) = rest.next() {
        match arg.as_str() {
            "--serve" => web.serve = true,
            "--no-build" => web.build = false,
            "--port" => {
                let value = rest.next().ok_or("--port needs a number")?;
                web.port = value
                    .parse()
                    .map_err(|_| format!("--port {value:?} is not a port number"))?;
            }
            other => return Err(format!("unknown option {other:?}; {USAGE}")),
        }
    }
    Ok(web)
}

fn run(args: &[String]) -> Result<(), String> {
    let web = parse(args)?;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .ok_or("xtask is not inside the workspace")?
        .to_path_buf();
    let dir = root.join("web");
    if web.build {
        build(&root, &dir)?;
    }
    if web.serve {
        serve(&dir.join("dist"), web.port)?;
    }
    Ok(())
}

fn sh(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|e| {
        format!(
            "{what}: cannot start {}: {e}",
            command.get_program().display()
        )
    })?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

fn build(root: &Path, dir: &Path) -> Result<(), String> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    sh(
        Command::new(&cargo).current_dir(root).args([
            "build",
            "-p",
            "plateau-web",
            "--lib",
            "--release",
            "--target",
            "wasm32-unknown-unknown",
        ]),
        "building plateau-web for wasm32-unknown-unknown (rustup target add wasm32-unknown-unknown)",
    )?;
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    let wasm = target.join("wasm32-unknown-unknown/release/plateau_web.wasm");
    sh(
        Command::new("wasm-bindgen")
            .arg("--target")
            .arg("web")
            .arg("--out-dir")
            .arg(dir.join("pkg"))
            .arg(&wasm),
        "wasm-bindgen (cargo install wasm-bindgen-cli at the version in Cargo.lock)",
    )?;
    if !dir.join("node_modules").is_dir() {
        sh(Command::new("npm").current_dir(dir).arg("ci"), "npm ci")?;
    }
    sh(
        Command::new("npm").current_dir(dir).args(["run", "build"]),
        "the page's build (npm run build)",
    )?;
    println!("web/dist/ is ready: cargo xtask web --serve --no-build serves it");
    Ok(())
}

fn serve(dist: &Path, port: u16) -> Result<(), String> {
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} has no index.html: run cargo xtask web first",
            dist.display()
        ));
    }
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e}"))?;
    println!(
        "serving {} on http://127.0.0.1:{port}/ (Ctrl-C stops)",
        dist.display()
    );
    for stream in listener.incoming().flatten() {
        let dist = dist.to_path_buf();
        std::thread::spawn(move || {
            // A client that hangs up mid-answer is no concern of the server's.
            let _ = answer(&dist, stream);
        });
    }
    Ok(())
}

/// The file a request path names inside `dist`, `None` for a path that leaves it.
fn resolve(dist: &Path, url: &str) -> Option<PathBuf> {
    let path = url.split(['?', '#']).next().unwrap_or("/");
    let mut file = dist.to_path_buf();
    for part in Path::new(path.trim_start_matches('/')).components() {
        match part {
            Component::Normal(p) => file.push(p),
            Component::CurDir => {}
            _ => return None,
        }
    }
    if file.is_dir() {
        file.push("index.html");
    }
    Some(file)
}

fn content_type(file: &Path) -> &'static str {
    match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("wasm") => "application/wasm",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn answer(dist: &Path, mut stream: TcpStream) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request = String::new();
    reader.by_ref().take(8192).read_line(&mut request)?;
    // The headers are read and ignored.
    let mut line = String::new();
    while reader.by_ref().take(8192).read_line(&mut line)? > 2 {
        line.clear();
    }
    let mut words = request.split_whitespace();
    let (method, url) = (words.next().unwrap_or(""), words.next().unwrap_or("/"));
    let found = (method == "GET" || method == "HEAD")
        .then(|| resolve(dist, url))
        .flatten()
        .and_then(|file| std::fs::read(&file).ok().map(|body| (file, body)));
    if let Some((file, body)) = found {
        write!(
            stream,
            "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nCache-Control: no-cache\r\nConnection: close\r\n\r\n",
            content_type(&file),
            body.len()
        )?;
        if method == "GET" {
            stream.write_all(&body)?;
        }
    } else {
        let body = "not found\n";
        write!(
            stream,
            "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )?;
    }
    stream.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_are_read_and_mistakes_named() {
        assert_eq!(
            parse(&args("web --serve --port 8123")),
            Ok(Web {
                build: true,
                serve: true,
                port: 8123
            })
        );
        assert_eq!(
            parse(&args("web --no-build")),
            Ok(Web {
                build: false,
                serve: false,
                port: 8000
            })
        );
        assert!(
            parse(&args("web --port x"))
                .unwrap_err()
                .contains("not a port")
        );
        assert!(parse(&args("web --fast")).unwrap_err().contains("--fast"));
        assert!(parse(&args("webs")).unwrap_err().contains("unknown task"));
        assert!(parse(&[]).unwrap_err().starts_with("usage"));
    }

    #[test]
    fn requests_stay_inside_the_site() {
        let dist = Path::new("/site");
        assert_eq!(
            resolve(dist, "/a/b.js?x=1"),
            Some(PathBuf::from("/site/a/b.js"))
        );
        assert_eq!(resolve(dist, "/../etc/passwd"), None);
        assert_eq!(content_type(Path::new("x.wasm")), "application/wasm");
    }
}
