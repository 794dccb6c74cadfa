"""boto3 against Cairn's S3 endpoint: every step asserts, and the names of the steps that passed are
printed as one JSON line at the end (server/test/s3/boto3.test.ts checks that all of them ran).

The endpoint and keys come from the environment: CAIRN_S3_URL, CAIRN_S3_KEY, CAIRN_S3_SECRET, and
a read-only key of the same account in CAIRN_S3_RO_KEY, CAIRN_S3_RO_SECRET.
"""

import hashlib
import io
import json
import os
import urllib.error
import urllib.request

import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError

URL = os.environ["CAIRN_S3_URL"]
passed = []


def client(key=None, secret=None):
    return boto3.client(
        "s3",
        endpoint_url=URL,
        aws_access_key_id=key or os.environ["CAIRN_S3_KEY"],
        aws_secret_access_key=secret or os.environ["CAIRN_S3_SECRET"],
        region_name="us-east-1",
        config=Config(
            signature_version="s3v4",
            s3={"addressing_style": "path"},
            retries={"max_attempts": 1, "mode": "standard"},
        ),
    )


def error_code(call):
    """The S3 error code boto3 raises for `call`, which must fail."""
    try:
        call()
    except ClientError as error:
        return error.response["Error"]["Code"]
    raise AssertionError("the call succeeded")


def step(name):
    def run(fn):
        fn()
        passed.append(name)
        return fn

    return run


def md5(data):
    return '"' + hashlib.md5(data).hexdigest() + '"'


s3 = client()
BUCKET = "boto-bucket"


@step("create_bucket")
def _():
    s3.create_bucket(Bucket=BUCKET)
    names = [b["Name"] for b in s3.list_buckets()["Buckets"]]
    assert BUCKET in names, names
    s3.head_bucket(Bucket=BUCKET)


@step("put_get_head")
def _():
    body = os.urandom(123_456)
    put = s3.put_object(
        Bucket=BUCKET,
        Key="docs/report one.bin",
        Body=body,
        ContentType="application/x-report",
        Metadata={"owner": "ada"},
    )
    assert put["ETag"] == md5(body), put["ETag"]
    got = s3.get_object(Bucket=BUCKET, Key="docs/report one.bin")
    assert got["Body"].read() == body
    assert got["ContentType"] == "application/x-report", got["ContentType"]
    assert got["Metadata"]["owner"] == "ada", got["Metadata"]
    assert got["Metadata"]["cid"].startswith("baf"), got["Metadata"]
    head = s3.head_object(Bucket=BUCKET, Key="docs/report one.bin")
    assert head["ContentLength"] == len(body)
    assert head["ETag"] == md5(body)
    ranged = s3.get_object(Bucket=BUCKET, Key="docs/report one.bin", Range="bytes=100-199")
    assert ranged["Body"].read() == body[100:200]
    assert ranged["ContentRange"] == f"bytes 100-199/{len(body)}", ranged["ContentRange"]


@step("list_objects_v2")
def _():
    for i in range(25):
        s3.put_object(Bucket=BUCKET, Key=f"logs/{i:03}.txt", Body=f"line {i}\n".encode())
    s3.put_object(Bucket=BUCKET, Key="logs/2026/a.txt", Body=b"a")
    s3.put_object(Bucket=BUCKET, Key="logs/2026/b.txt", Body=b"b")

    top = s3.list_objects_v2(Bucket=BUCKET, Delimiter="/")
    assert [p["Prefix"] for p in top["CommonPrefixes"]] == ["docs/", "logs/"], top
    assert "Contents" not in top, top

    nested = s3.list_objects_v2(Bucket=BUCKET, Prefix="logs/", Delimiter="/")
    assert [p["Prefix"] for p in nested["CommonPrefixes"]] == ["logs/2026/"], nested
    assert len(nested["Contents"]) == 25, len(nested["Contents"])

    keys, token, pages = [], None, 0
    while True:
        args = {"Bucket": BUCKET, "Prefix": "logs/", "MaxKeys": 10}
        if token:
            args["ContinuationToken"] = token
        page = s3.list_objects_v2(**args)
        pages += 1
        assert page["KeyCount"] == len(page.get("Contents", [])), page
        assert page["MaxKeys"] == 10
        keys += [o["Key"] for o in page.get("Contents", [])]
        if not page["IsTruncated"]:
            break
        token = page["NextContinuationToken"]
        assert pages < 10, "pagination does not end"
    expected = sorted([f"logs/{i:03}.txt" for i in range(25)] + ["logs/2026/a.txt", "logs/2026/b.txt"])
    assert keys == expected, keys
    assert pages == 3, pages

    # boto3's own paginator walks the same pages.
    paginated = [
        o["Key"]
        for page in s3.get_paginator("list_objects_v2").paginate(
            Bucket=BUCKET, Prefix="logs/", PaginationConfig={"PageSize": 7}
        )
        for o in page.get("Contents", [])
    ]
    assert paginated == expected, paginated

    after = s3.list_objects_v2(Bucket=BUCKET, Prefix="logs/", StartAfter="logs/020.txt")
    assert after["Contents"][0]["Key"] == "logs/021.txt", after


@step("copy_delete")
def _():
    s3.copy_object(Bucket=BUCKET, Key="docs/copy.bin", CopySource={"Bucket": BUCKET, "Key": "docs/report one.bin"})
    original = s3.head_object(Bucket=BUCKET, Key="docs/report one.bin")
    copy = s3.head_object(Bucket=BUCKET, Key="docs/copy.bin")
    assert copy["ETag"] == original["ETag"]
    assert copy["Metadata"]["cid"] == original["Metadata"]["cid"]
    s3.delete_object(Bucket=BUCKET, Key="docs/copy.bin")
    assert error_code(lambda: s3.head_object(Bucket=BUCKET, Key="docs/copy.bin")) == "404"
    # Deleting a missing key is no error in S3.
    s3.delete_object(Bucket=BUCKET, Key="docs/copy.bin")
    deleted = s3.delete_objects(
        Bucket=BUCKET, Delete={"Objects": [{"Key": "logs/2026/a.txt"}, {"Key": "logs/2026/b.txt"}]}
    )
    assert sorted(d["Key"] for d in deleted["Deleted"]) == ["logs/2026/a.txt", "logs/2026/b.txt"], deleted
    assert s3.list_objects_v2(Bucket=BUCKET, Prefix="logs/2026/")["KeyCount"] == 0


@step("presigned_put")
def _():
    body = b"sent with a presigned URL\n" * 100
    url = s3.generate_presigned_url(
        "put_object", Params={"Bucket": BUCKET, "Key": "presigned/upload.txt"}, ExpiresIn=300
    )
    assert "X-Amz-Signature=" in url, url
    request = urllib.request.Request(url, data=body, method="PUT")
    with urllib.request.urlopen(request, timeout=30) as response:
        assert response.status == 200, response.status
        assert response.headers["ETag"] == md5(body), response.headers["ETag"]
    assert s3.get_object(Bucket=BUCKET, Key="presigned/upload.txt")["Body"].read() == body

    # The URL signs that key only: another key in it is refused.
    other = url.replace("presigned/upload.txt", "presigned/other.txt")
    try:
        urllib.request.urlopen(urllib.request.Request(other, data=body, method="PUT"), timeout=30)
        raise AssertionError("a presigned URL was accepted for another key")
    except urllib.error.HTTPError as error:
        assert error.code == 403, error.code
        assert b"<Code>SignatureDoesNotMatch</Code>" in error.read()

    get_url = s3.generate_presigned_url(
        "get_object", Params={"Bucket": BUCKET, "Key": "presigned/upload.txt"}, ExpiresIn=300
    )
    with urllib.request.urlopen(get_url, timeout=30) as response:
        assert response.read() == body


PART = 5 * 1024 * 1024


@step("multipart")
def _():
    parts_data = [os.urandom(PART), os.urandom(PART), os.urandom(1234)]
    created = s3.create_multipart_upload(Bucket=BUCKET, Key="big/assembled.bin", ContentType="application/x-big")
    upload_id = created["UploadId"]
    etags = []
    for number, data in enumerate(parts_data, start=1):
        part = s3.upload_part(Bucket=BUCKET, Key="big/assembled.bin", UploadId=upload_id, PartNumber=number, Body=data)
        assert part["ETag"] == md5(data), part["ETag"]
        etags.append(part["ETag"])
    listed = s3.list_parts(Bucket=BUCKET, Key="big/assembled.bin", UploadId=upload_id)
    assert [p["PartNumber"] for p in listed["Parts"]] == [1, 2, 3], listed["Parts"]
    assert [p["Size"] for p in listed["Parts"]] == [len(d) for d in parts_data]
    uploads = s3.list_multipart_uploads(Bucket=BUCKET)
    assert [u["UploadId"] for u in uploads.get("Uploads", [])] == [upload_id], uploads

    done = s3.complete_multipart_upload(
        Bucket=BUCKET,
        Key="big/assembled.bin",
        UploadId=upload_id,
        MultipartUpload={"Parts": [{"PartNumber": n, "ETag": e} for n, e in enumerate(etags, start=1)]},
    )
    digests = b"".join(hashlib.md5(d).digest() for d in parts_data)
    assert done["ETag"] == '"' + hashlib.md5(digests).hexdigest() + '-3"', done["ETag"]
    whole = b"".join(parts_data)
    got = s3.get_object(Bucket=BUCKET, Key="big/assembled.bin")
    assert got["ContentLength"] == len(whole)
    assert hashlib.sha256(got["Body"].read()).digest() == hashlib.sha256(whole).digest()
    assert got["ContentType"] == "application/x-big", got["ContentType"]
    assert s3.list_multipart_uploads(Bucket=BUCKET).get("Uploads", []) == []

    # boto3's managed transfer splits a file in parts on its own.
    managed = os.urandom(12 * 1024 * 1024)
    s3.upload_fileobj(
        io.BytesIO(managed),
        BUCKET,
        "big/managed.bin",
        Config=TransferConfig(multipart_threshold=PART, multipart_chunksize=PART),
    )
    assert s3.head_object(Bucket=BUCKET, Key="big/managed.bin")["ETag"].endswith('-3"')
    out = io.BytesIO()
    s3.download_fileobj(
        BUCKET, "big/managed.bin", out, Config=TransferConfig(multipart_threshold=PART, multipart_chunksize=PART)
    )
    assert out.getvalue() == managed


@step("multipart_abort")
def _():
    upload_id = s3.create_multipart_upload(Bucket=BUCKET, Key="big/abandoned.bin")["UploadId"]
    s3.upload_part(Bucket=BUCKET, Key="big/abandoned.bin", UploadId=upload_id, PartNumber=1, Body=os.urandom(PART))
    s3.abort_multipart_upload(Bucket=BUCKET, Key="big/abandoned.bin", UploadId=upload_id)
    assert (
        error_code(lambda: s3.list_parts(Bucket=BUCKET, Key="big/abandoned.bin", UploadId=upload_id)) == "NoSuchUpload"
    )
    assert error_code(lambda: s3.head_object(Bucket=BUCKET, Key="big/abandoned.bin")) == "404"


@step("errors")
def _():
    assert error_code(lambda: s3.get_object(Bucket=BUCKET, Key="no/such/key")) == "NoSuchKey"
    assert error_code(lambda: s3.get_object(Bucket="no-such-bucket", Key="x")) == "NoSuchBucket"
    assert error_code(lambda: s3.list_objects_v2(Bucket="no-such-bucket")) == "NoSuchBucket"
    assert error_code(lambda: s3.delete_bucket(Bucket=BUCKET)) == "BucketNotEmpty"
    assert error_code(lambda: s3.create_bucket(Bucket="Not_A_Valid_Name")) == "InvalidBucketName"

    wrong_secret = client(
        secret=os.environ["CAIRN_S3_SECRET"][:-1] + ("A" if not os.environ["CAIRN_S3_SECRET"].endswith("A") else "B")
    )
    assert error_code(lambda: wrong_secret.list_buckets()) == "SignatureDoesNotMatch"
    unknown = client(key="CRN" + "X" * 17)
    assert error_code(lambda: unknown.list_buckets()) == "InvalidAccessKeyId"

    read_only = client(os.environ["CAIRN_S3_RO_KEY"], os.environ["CAIRN_S3_RO_SECRET"])
    assert read_only.get_object(Bucket=BUCKET, Key="logs/000.txt")["Body"].read() == b"line 0\n"
    assert error_code(lambda: read_only.put_object(Bucket=BUCKET, Key="ro.txt", Body=b"no")) == "AccessDenied"
    assert error_code(lambda: read_only.delete_object(Bucket=BUCKET, Key="logs/000.txt")) == "AccessDenied"
    assert s3.head_object(Bucket=BUCKET, Key="logs/000.txt")["ContentLength"] == 7


@step("delete_bucket")
def _():
    keys = [
        o["Key"]
        for page in s3.get_paginator("list_objects_v2").paginate(Bucket=BUCKET)
        for o in page.get("Contents", [])
    ]
    for start in range(0, len(keys), 1000):
        s3.delete_objects(Bucket=BUCKET, Delete={"Objects": [{"Key": k} for k in keys[start : start + 1000]]})
    s3.delete_bucket(Bucket=BUCKET)
    assert error_code(lambda: s3.head_bucket(Bucket=BUCKET)) == "404"


@step("complete_location")
def _():
    # CompleteMultipartUpload answers the object's URL as its Location (programs log and keep it).
    s3.create_bucket(Bucket="located")
    upload_id = s3.create_multipart_upload(Bucket="located", Key="one/part.bin")["UploadId"]
    part = s3.upload_part(Bucket="located", Key="one/part.bin", UploadId=upload_id, PartNumber=1, Body=b"only part")
    done = s3.complete_multipart_upload(
        Bucket="located",
        Key="one/part.bin",
        UploadId=upload_id,
        MultipartUpload={"Parts": [{"PartNumber": 1, "ETag": part["ETag"]}]},
    )
    assert done["Location"] == URL + "/located/one/part.bin", done["Location"]
    s3.delete_object(Bucket="located", Key="one/part.bin")
    s3.delete_bucket(Bucket="located")


print(json.dumps({"passed": passed}))
