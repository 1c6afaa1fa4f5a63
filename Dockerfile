# syntax=docker/dockerfile:1
# Two stages: the build in the Rust image, the binary alone in a slim Debian of the same
# release (same glibc). SQLite is compiled in and Postgres needs no TLS library, so the
# runtime image needs nothing but curl for its health check, the binary and the web client
# (whose rules page reads docs/rules through the client-web/rules link).

FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src src
COPY migrations migrations
COPY benches benches
# The caches keep the registry and compiled dependencies between builds.
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked \
    && cp target/release/hesy /usr/local/bin/hesy

FROM debian:bookworm-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends curl ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --home-dir /var/lib/hesy --create-home hesy
COPY --from=build /usr/local/bin/hesy /usr/local/bin/hesy
COPY client-web /usr/share/hesy/client-web
COPY docs/rules /usr/share/hesy/docs/rules
USER hesy
WORKDIR /var/lib/hesy
# Without DATABASE_URL the games go to an SQLite file in HESY_DATA_DIR (mount a volume there).
ENV HESY_ADDR=0.0.0.0:8080 \
    HESY_DATA_DIR=/var/lib/hesy/data \
    HESY_STATIC_DIR=/usr/share/hesy/client-web \
    RUST_LOG=info
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD curl -fsS http://127.0.0.1:8080/healthz || exit 1
ENTRYPOINT ["hesy"]
CMD ["serve"]
