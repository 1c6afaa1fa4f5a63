//! The `hesy` command. For now it only verifies audit bundles (`hesy verify FILE|-`); the
//! server (`hesy serve`) and its configuration come with the room server.

use std::process::ExitCode;

#[tokio::main]
async fn main() -> anyhow::Result<ExitCode> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.as_slice() {
        [command, source] if command == "verify" => {
            let passed = hesy::store::verify_cli::run(source).await?;
            Ok(if passed {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            })
        }
        _ => {
            eprintln!("usage: hesy verify FILE|-   (FILE: an audit bundle; -: read it from stdin)");
            Ok(ExitCode::from(2))
        }
    }
}
