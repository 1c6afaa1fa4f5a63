//! The `hesy` command. For now it only verifies audit bundles (`hesy verify FILE|URL|-`); the
//! server (`hesy serve`) and its configuration come with the room server.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [command, source] if command == "verify" => {
            match hesy::store::verify_cli::run(source).await {
                Ok(true) => ExitCode::SUCCESS,
                Ok(false) => ExitCode::FAILURE,
                Err(error) => {
                    eprintln!("error: {error:#}");
                    ExitCode::from(2)
                }
            }
        }
        _ => {
            eprintln!("usage: hesy verify FILE|URL|-   (an audit bundle; -: read it from stdin)");
            ExitCode::from(2)
        }
    }
}
