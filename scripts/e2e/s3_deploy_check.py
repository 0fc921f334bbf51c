#!/usr/bin/env python3
"""End-to-end checks of `vitrine deploy s3://…` against moto's S3 (PyPI `moto[server]`), with
moto checking every request's Signature Version 4 the way S3 does.

usage: s3_deploy_check.py --bin VITRINE --content DIR --templates DIR --work DIR --clock ISO8601

Starts `moto_server` on a free port of 127.0.0.1, makes an IAM user allowed s3:* and a bucket,
then turns moto's authentication on (POST /moto-api/reset-auth 0): from then on a request whose
signature moto does not compute the same is refused with SignatureDoesNotMatch, so every check
below also holds the signing to AWS's rules. The sample shop is copied, built, changed and
rebuilt in --work, and deployed to s3://shop/site each time. What the bucket holds is read back
with boto3; how many objects a deploy sent or deleted is counted in moto's request log, so the
counts do not depend on the summary line's wording:
- a first deploy sends every file, the bucket then holds the output byte for byte under site/,
  and a page, a picture and a search record carry PublishRules' Content-Type and Cache-Control;
- a second deploy of the same output sends nothing and changes no object;
- after a price change, only the files whose bytes changed are sent (fewer than 50 per storefront), the bucket
  equals the new output, and --purge-list lists exactly their web paths;
- --dry-run sends nothing; a wrong secret is refused by moto and a missing one named, and the
  change is sent by the next good deploy;
- a removed product's page is deleted from the bucket;
- --max-deletes 0 with a deletion pending exits non-zero and leaves the bucket as it was.
One `PASS name` or `FAIL name: reason` line each, then "s3: N passed, M failed"; exit 1 if any
failed.
"""
import argparse
import glob
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import traceback

import boto3

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from deploy_servers import changed_file_limit, remove_record  # noqa: E402
from loopback import Checks, free_port, request, stop, wait_until  # noqa: E402

parser = argparse.ArgumentParser()
for name in ("--bin", "--content", "--templates", "--work", "--clock"):
    parser.add_argument(name, required=True)
args = parser.parse_args()

BUCKET, PREFIX = "shop", "site/"
TARGET = f"s3://{BUCKET}/{PREFIX.rstrip('/')}"
SHORT, IMMUTABLE = "public, max-age=300", "public, max-age=31536000, immutable"
work = os.path.abspath(args.work)
content = os.path.join(work, "Content")
out = os.path.join(work, "out")
check = Checks()
passed = 0



def note(name, condition, detail=""):
    global passed
    if check(name, condition, detail):
        passed += 1
    return bool(condition)


# ---- moto, an IAM user, the bucket, then authentication on -----------------------------------

port = free_port()
endpoint = f"http://127.0.0.1:{port}"
moto_log_path = os.path.join(work, "moto.log")
moto_log = open(moto_log_path, "w")
moto = subprocess.Popen(
    [sys.executable, "-m", "moto.server", "-H", "127.0.0.1", "-p", str(port)], stdout=moto_log, stderr=subprocess.STDOUT)


def moto_answers():
    try:
        return request("GET", endpoint + "/moto-api/data.json", timeout=2)[0] == 200
    except OSError:
        return False


def client(service, key_id, secret):
    return boto3.client(
        service, endpoint_url=endpoint, region_name="us-east-1", aws_access_key_id=key_id, aws_secret_access_key=secret)


def log_lines():
    with open(moto_log_path, errors="replace") as log:
        return log.read().splitlines()


def requests_since(mark):
    """(method, status) of the object requests moto logged after line `mark`."""
    found = []
    for line in log_lines()[mark:]:
        match = re.search(r'"(PUT|DELETE) /' + BUCKET + r'/\S* HTTP/1\.1" (\d+)', line)
        if match:
            found.append((match.group(1), int(match.group(2))))
    return found


def env_for(key_id, secret):
    # The checks read the summary line, which vitrine leaves out when CI is set.
    env = {k: v for k, v in os.environ.items() if not k.startswith("AWS_") and k != "CI"}
    env.update(AWS_REGION="us-east-1", NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost")
    if key_id is not None:
        env["AWS_ACCESS_KEY_ID"] = key_id
    if secret is not None:
        env["AWS_SECRET_ACCESS_KEY"] = secret
    return env


try:
    if not wait_until(moto_answers, timeout=30):
        note("moto_server starts", False, open(moto_log_path).read()[-2000:])
        raise SystemExit(1)
    admin = ("testing", "testing")  # any key is taken before authentication is on
    iam = client("iam", *admin)
    iam.create_user(UserName="deployer")
    iam.put_user_policy(
        UserName="deployer", PolicyName="site",
        PolicyDocument=json.dumps({"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "s3:*", "Resource": "*"}]}))
    access = iam.create_access_key(UserName="deployer")["AccessKey"]
    KEY, SECRET = access["AccessKeyId"], access["SecretAccessKey"]
    client("s3", *admin).create_bucket(Bucket=BUCKET)
    status, _, body = request("POST", endpoint + "/moto-api/reset-auth", body=b"0", headers={"Content-Type": "text/plain"})
    note("moto's authentication is turned on", status == 200, body)
    s3 = client("s3", KEY, SECRET)
    try:
        client("s3", KEY, SECRET + "x").list_objects_v2(Bucket=BUCKET)
        note("moto refuses a request signed with a wrong secret", False, "it was answered")
    except s3.exceptions.ClientError as error:
        note("moto refuses a request signed with a wrong secret", error.response["Error"]["Code"] == "SignatureDoesNotMatch", error)

    # ---- helpers over the site, the CLI and the bucket ----------------------------------------

    def build():
        result = subprocess.run(
            [args.bin, "build", "--content", content, "--templates", args.templates, "--output", out, "--clock", args.clock, "--quiet"],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"vitrine build failed: {result.stderr[-2000:]}")
        files = {}
        for folder, _, names in os.walk(out):
            for name in names:
                path = os.path.join(folder, name)
                with open(path, "rb") as f:
                    files[os.path.relpath(path, out)] = f.read()
        return files

    def deploy(*options, key_id=None, secret=None):
        """Runs the deploy; returns (exit status, stdout + stderr, object requests moto logged)."""
        mark = len(log_lines())
        result = subprocess.run(
            [args.bin, "deploy", TARGET, "--output", out, "--endpoint", endpoint, *options],
            capture_output=True, text=True, env=env_for(KEY if key_id is None else key_id, SECRET if secret is None else secret),
            timeout=600)
        # moto logs a request after answering it: wait until the log is still.
        seen = [-1]

        def settled():
            count = len(log_lines())
            done = count == seen[0]
            seen[0] = count
            return done

        wait_until(settled, timeout=5, interval=0.3)
        return result.returncode, result.stdout + result.stderr, requests_since(mark)

    def stored():
        """Every object as {key: (ETag, LastModified)}."""
        objects = {}
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET):
            for item in page.get("Contents", []):
                objects[item["Key"]] = (item["ETag"], item["LastModified"])
        return objects

    def bucket_files():
        return {key: s3.get_object(Bucket=BUCKET, Key=key)["Body"].read() for key in stored()}

    def same_as(files, name):
        """The bucket holds exactly `files` under the prefix, byte for byte."""
        held = bucket_files()
        expected = {PREFIX + path: data for path, data in files.items()}
        missing = sorted(set(expected) - set(held))
        extra = sorted(set(held) - set(expected))
        different = sorted(k for k in set(expected) & set(held) if expected[k] != held[k])
        note(name, not missing and not extra and not different and expected,
             f"{len(missing)} missing {missing[:3]}, {len(extra)} extra {extra[:3]}, {len(different)} differ {different[:3]}")

    def count(found, method, status=None):
        return sum(1 for m, s in found if m == method and (status is None or s == status))

    def summary_count(text, verb):
        match = re.search(verb + r" ([\d,]+) files?", text)
        return int(match.group(1).replace(",", "")) if match else None

    def changed(old, new):
        return sorted(p for p in new if old.get(p) != new[p]), sorted(p for p in old if p not in new)

    def purge_paths(paths):
        expected = set()
        for path in paths:
            expected.add("/" + PREFIX + path)
            if path == "index.html" or path.endswith("/index.html"):
                expected.add("/" + PREFIX + path[: -len("index.html")])
        return sorted(expected)

    def products():
        """Product files with a price, whose slug no other content file names, so changing or
        removing one leaves the catalog valid."""
        others = []
        for folder, _, names in os.walk(content):
            if os.sep + "images" in folder:
                continue
            for name in names:
                with open(os.path.join(folder, name), errors="replace") as f:
                    others.append((os.path.join(folder, name), f.read()))
        found = []
        for path, text in sorted(others):
            if os.sep + "products" + os.sep not in path or not re.search(r'^\s*"?price"?\s*:', text, re.M):
                continue
            slug = os.path.splitext(os.path.basename(path))[0]
            if not any(slug in other for p, other in others if p != path):
                found.append((path, slug))
        return found

    def change_price(path, new_price):
        with open(path) as f:
            text = f.read()
        changed_text, n = re.subn(r'^(\s*"?price"?\s*:\s*)"?[0-9.]+"?', lambda m: m.group(1) + new_price, text, count=1, flags=re.M)
        if n != 1:
            raise RuntimeError(f"no price in {path}")
        with open(path, "w") as f:
            f.write(changed_text)

    # ---- the checks ---------------------------------------------------------------------------

    shutil.copytree(args.content, content)
    candidates = products()
    if not note("the sample shop has three products no other file names", len(candidates) >= 3, candidates):
        raise SystemExit(1)
    (priced, priced_slug), (removed, removed_slug), (refused, refused_slug) = candidates[:3]
    site = build()
    page = lambda slug: f"products/{slug}/index.html"  # noqa: E731
    note("the built site has the chosen products' pages", all(page(s) in site for s in (priced_slug, removed_slug, refused_slug)),
         [page(s) for s in (priced_slug, removed_slug, refused_slug) if page(s) not in site])

    # (a) First deploy: everything, byte for byte, with the publishing headers.
    status, output, found = deploy()
    note("a first deploy succeeds", status == 0, output)
    note("a first deploy sends every file", count(found, "PUT", 200) == len(site) and len(found) == len(site),
         f"{count(found, 'PUT', 200)} PUT answered 200 of {len(found)} requests, for {len(site)} files")
    note("the summary counts the files sent", summary_count(output, "Deployed") == len(site), output)
    same_as(site, "the bucket holds the output byte for byte under the prefix")
    picture = next((p for p in sorted(site) if p.startswith("pictures/")), None)
    record = next((p for p in sorted(site) if re.match(r"search/r-.*\.json$", p)), None)
    types = {".webp": "image/webp", ".avif": "image/avif", ".jpg": "image/jpeg", ".png": "image/png"}
    for path, content_type, cache in [
        ("index.html", "text/html; charset=utf-8", SHORT),
        (page(priced_slug), "text/html; charset=utf-8", SHORT),
        (picture, types.get(os.path.splitext(picture or "")[1]), IMMUTABLE),
        (record, "application/json", IMMUTABLE),
    ]:
        if not note(f"the site has a {path or 'file of that kind'}", path is not None):
            continue
        head = s3.head_object(Bucket=BUCKET, Key=PREFIX + path)
        note(f"{path} is served as {content_type}, {cache}",
             head.get("ContentType") == content_type and head.get("CacheControl") == cache,
             f"{head.get('ContentType')!r}, {head.get('CacheControl')!r}")

    # (b) The same output again: nothing sent, nothing touched.
    before = stored()
    status, output, found = deploy()
    note("a deploy of an unchanged output succeeds", status == 0, output)
    note("a deploy of an unchanged output sends and deletes nothing", not found, found[:5])
    note("the summary says 0 files", summary_count(output, "Deployed") == 0, output)
    note("no object changed", stored() == before)

    # (c) One price changed: only the changed files, and their purge paths.
    change_price(priced, "123.45")
    new_site = build()
    uploads, deletions = changed(site, new_site)
    note("the price change changes the product's page", page(priced_slug) in uploads, uploads[:10])
    purge_file = os.path.join(work, "purge.txt")
    status, output, found = deploy("--purge-list", purge_file)
    note("a deploy after a price change succeeds", status == 0, output)
    limit = changed_file_limit(content)
    note(f"it sends exactly the changed files, fewer than {limit}",
         count(found, "PUT", 200) == len(uploads) and 0 < len(uploads) < limit and count(found, "DELETE") == len(deletions),
         f"{count(found, 'PUT', 200)} PUT, {count(found, 'DELETE')} DELETE; {len(uploads)} files changed, {len(deletions)} gone")
    same_as(new_site, "the bucket then holds the new output byte for byte")
    listed = open(purge_file).read().split() if os.path.exists(purge_file) else None
    note("--purge-list lists the web paths of exactly the changed files", listed == purge_paths(uploads + deletions),
         f"listed {listed and listed[:6]}, expected {purge_paths(uploads + deletions)[:6]}")
    note("the purge list names the product's folder", listed is not None and f"/{PREFIX}{page(priced_slug)[:-len('index.html')]}" in listed)
    site = new_site

    # (e) --dry-run: says what it would send, sends nothing.
    change_price(priced, "99.5")
    pending = build()
    pending_uploads, _ = changed(site, pending)
    before = stored()
    status, output, found = deploy("--dry-run")
    note("--dry-run succeeds", status == 0, output)
    note("--dry-run sends and deletes nothing", not found and stored() == before, found[:5])
    note("--dry-run counts what it would send", summary_count(output, "Would send") == len(pending_uploads),
         f"{output.strip()[-300:]} (expected {len(pending_uploads)})")

    # A refused signature, and a missing secret: non-zero, named, nothing stored.
    status, output, found = deploy(secret=SECRET[:-1] + ("A" if SECRET[-1] != "A" else "B"))
    note("a deploy signed with a wrong secret fails", status != 0, output)
    note("its error carries S3's SignatureDoesNotMatch", "SignatureDoesNotMatch" in output, output[-500:])
    note("moto refused it and it was not retried",
         found and all(s == 403 for _, s in found) and len(found) <= 8, found[:10])
    note("the bucket is unchanged after the refused deploy", stored() == before)
    env = env_for(KEY, None)
    result = subprocess.run([args.bin, "deploy", TARGET, "--output", out, "--endpoint", endpoint], capture_output=True, text=True, env=env)
    note("a deploy without AWS_SECRET_ACCESS_KEY fails naming it",
         result.returncode != 0 and "AWS_SECRET_ACCESS_KEY" in result.stdout + result.stderr, result.stdout + result.stderr)

    # (d) A removed product: its page deleted, and the pending change sent at last.
    remove_record(removed)
    new_site = build()
    uploads, deletions = changed(site, new_site)
    note("removing a product removes its page from the output", page(removed_slug) in deletions, deletions[:10])
    status, output, found = deploy()
    note("a deploy after removing a product succeeds", status == 0, output)
    note("it sends the changed files and deletes the stale ones",
         count(found, "PUT", 200) == len(uploads) and count(found, "DELETE", 204) == len(deletions),
         f"{count(found, 'PUT', 200)} PUT, {count(found, 'DELETE', 204)} DELETE; expected {len(uploads)} and {len(deletions)}")
    held = stored()
    note("the removed product's page is gone from the bucket", PREFIX + page(removed_slug) not in held)
    same_as(new_site, "the bucket holds the output byte for byte, the refused change included")
    site = new_site

    # (f) --max-deletes 0 with a deletion pending: refused, nothing touched.
    remove_record(refused)
    new_site = build()
    before = stored()
    status, output, found = deploy("--max-deletes", "0")
    note("--max-deletes 0 with a deletion pending fails", status != 0, output)
    note("its message names --max-deletes", "--max-deletes" in output, output[-400:])
    note("nothing was sent or deleted", not found and stored() == before, found[:5])
    status, output, found = deploy()
    note("the same deploy without the limit deletes the page", status == 0 and PREFIX + page(refused_slug) not in stored(), output)
    same_as(new_site, "the bucket holds the final output byte for byte")
except SystemExit:
    pass
except Exception as error:  # a failure of the checks themselves is one failed check
    note("the checks ran to the end", False, traceback.format_exc()[-1500:])
finally:
    stop(moto)
    moto_log.close()

print(f"s3: {passed} passed, {check.failures} failed")
sys.exit(1 if check.failures or passed == 0 else 0)
