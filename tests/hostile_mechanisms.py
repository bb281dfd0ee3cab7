"""Each hostile file by the mechanism it attacks: the hostile tests' primary grouping, with the round as metadata.

The files stay in the round folders they were written in (their reports and golden files name them there); the
tests carry the mechanism. `tests/conftest.py` gives every parametrized hostile test the keyword of its file's
mechanism and a `hostile(mechanism=..., round=...)` mark, so one mechanism across every round runs with
`pytest tests/worker -k jax_internals`. `tests/unit/test_hostile_mechanisms.py` holds the table to the files.
Classified by a reviewer who had not written the files (session 31), each file by its primary mechanism.
"""

from __future__ import annotations

__all__ = ["MECHANISMS", "MEANINGS", "mechanism_of"]

# What each mechanism id means.
MEANINGS: dict[str, str] = {
    "closure_state": "state a factory's, decorator's or partial's captured variables keep between calls",
    "function_attributes": (
        "state on a function's or callable's own namespaces (__dict__, dunders, __annotations__, "
        "__signature__), own or a library's"
    ),
    "class_and_object_state": (
        "state on the submission's classes and instances: class attributes, metaclasses, bases, methods, "
        "class bookkeeping"
    ),
    "module_data": (
        "state in a module namespace: dunder globals, a private module, names planted on imported modules or "
        "builtins"
    ),
    "opaque_objects": (
        "state inside values read only by identity or not looked into (C objects, bound methods, weakrefs, "
        "generators)"
    ),
    "reader_limits": (
        "state pushed past a reading's bounds: nesting depth, item caps, the shared budget, file and census "
        "cuts"
    ),
    "library_state": (
        "data a library or the interpreter keeps for the process (registries, settings, caches, global RNGs),"
        " changed via its API"
    ),
    "jax_internals": (
        "state kept in JAX's own machinery: jit caches, the configuration, the pytree registry, custom-rule "
        "closures"
    ),
    "os_and_process_state": (
        "state the kernel or C library keeps for the process: files, folder metadata, descriptors, sockets, "
        "signals, env, limits"
    ),
    "evading_attribution": (
        "code or calls made to pass as the library's, or a capability reached by a route the scan and call "
        "watch cannot follow"
    ),
    "blinding_the_instruments": (
        "the worker's own instruments disabled, rewound or starved: listeners, compile counters, dict "
        "watcher, audit hook, census"
    ),
    "patching_the_grader": (
        "library functions the judge or its checks rely on rebound: numpy comparisons, builtins, hashlib, "
        "jax's make_jit"
    ),
    "forged_evidence": (
        "the worker's account made to lie: fake jit wrappers, objects posing as JAX arrays, a forged clock, a"
        " faked echo, a relayed channel"
    ),
    "argument_mutation": (
        "the caller's arguments changed where the byte comparison does not look: metadata, signed zeros, "
        "swapped containers, raw memory, donation"
    ),
    "compilation_and_trace_size": (
        "compiling or tracing more than no_recompilation counts or compact_trace measures (silent compiles, "
        "padding, unrolling)"
    ),
    "random_key_reuse": (
        "one random key used twice where JAX's key-reuse checker does not follow it: its raw bits, a clone "
        "wrapped from them"
    ),
    "denial_of_service": (
        "hangs, memory, process floods, disk fills and crashes in the worker, and pathological source, JSON "
        "or frames aimed at the judge"
    ),
    "escaping_the_sandbox": (
        "reaching past the worker: processes that outlive it, the solutions, the example store, host data, "
        "the kernel, the compile cache"
    ),
    "report_injection": (
        "text aimed at the reports: control, invisible and separator characters, markup, forged report "
        "formats, output and flag floods"
    ),
}

MECHANISMS: dict[str, str] = {
    # closure_state: variables a factory's, decorator's or partial's closure keeps between calls
    "hidden_partial_state.py": "closure_state",
    "hidden_decorator_memo.py": "closure_state",
    "behaves_when_watched.py": "closure_state",
    # function_attributes: a function's or callable's own namespaces (__dict__, dunders, annotations)
    "hidden_function_attribute.py": "function_attributes",
    "round6/dunder_attribute.py": "function_attributes",
    "round6/annotations_slot.py": "function_attributes",
    "round6/library_function_dict.py": "function_attributes",
    "round10/06_library_function_dict_counter.py": "function_attributes",
    "round11/01_alias_global_function_dict.py": "function_attributes",
    "round11/02_class_attribute_function_dict.py": "function_attributes",
    "round11/03_default_arg_signature_counter.py": "function_attributes",
    "round11/04_jit_wrapper_dunder_attribute.py": "function_attributes",
    "round11/05_partial_own_dict.py": "function_attributes",
    "round11/06_library_class_method_dict.py": "function_attributes",
    "round11/07_tree_util_partial_func_dict.py": "function_attributes",
    "round11/08_named_library_function_signature.py": "function_attributes",
    # class_and_object_state: the submission's classes, metaclasses, bases, methods and instances
    "hidden_class_attribute.py": "class_and_object_state",
    "hidden_callable_object.py": "class_and_object_state",
    "hidden_metaclass.py": "class_and_object_state",
    "round6/class_state_via_instance.py": "class_and_object_state",
    "round12/01_classmethod_func_dict_via_instance.py": "class_and_object_state",
    "round12/02_staticmethod_default_list_nested_class.py": "class_and_object_state",
    "round12/03_inherited_method_decorator_closure.py": "class_and_object_state",
    "round12/04_metaclass_method_dict_via_registry.py": "class_and_object_state",
    "round12/05_property_fget_annotations.py": "class_and_object_state",
    "round12/06_instance_bound_method_jit_wrapped.py": "class_and_object_state",
    "round12/07_base_class_list_via_self.py": "class_and_object_state",
    "round20/15_class_dunder_attribute.py": "class_and_object_state",
    "round21/01_class_match_args.py": "class_and_object_state",
    "round21/03_abc_registry.py": "class_and_object_state",
    "round21/11_dataclass_fields.py": "class_and_object_state",
    # module_data: a module namespace: dunder globals, a private module, names planted on modules
    "hidden_builtins.py": "module_data",
    "hidden_module_attribute.py": "module_data",
    "round6/scratch_module.py": "module_data",
    "round20/01_dunder_global_list.py": "module_data",
    "round21/02_module_annotations.py": "module_data",
    "round21/07_callable_plant_on_logging.py": "module_data",
    # opaque_objects: values read by identity or not looked into (C objects, weakrefs, generators)
    "hidden_bound_method.py": "opaque_objects",
    "hidden_containers.py": "opaque_objects",
    "hidden_caches.py": "opaque_objects",
    "round5/bitgenerator_rng.py": "opaque_objects",
    "round5/random_instance_rng.py": "opaque_objects",
    "round5/contextvar_counter.py": "opaque_objects",
    "round5/hashlib_running_digest.py": "opaque_objects",
    "round5/simplequeue_log.py": "opaque_objects",
    "round5/mmap_counter.py": "opaque_objects",
    "round6/slice_box.py": "opaque_objects",
    "round6/mappingproxy_delegate.py": "opaque_objects",
    "round6/methodcaller_args.py": "opaque_objects",
    "round6/property_fget.py": "opaque_objects",
    "round6/frompyfunc_ufunc.py": "opaque_objects",
    "round6/vectorize_pyfunc.py": "opaque_objects",
    "round6/count_subclass.py": "opaque_objects",
    "round6/io_buffered_writer.py": "opaque_objects",
    "round7/weakref_global.py": "opaque_objects",
    "round7/generic_alias_global.py": "opaque_objects",
    "round7/bound_method_in_tuple.py": "opaque_objects",
    "round7/yield_from_stack.py": "opaque_objects",
    "round8/jax_array_buffer_counter.py": "opaque_objects",
    "round8/dtype_metadata_log.py": "opaque_objects",
    "round8/void_scalar_counter.py": "opaque_objects",
    "round8/resident_unreadable_queue.py": "opaque_objects",
    "round10/04_nan_payload_counter.py": "opaque_objects",
    "round13/07_generator_frame_counter.py": "opaque_objects",
    # reader_limits: pushed past a reading's bounds: nesting depth, item caps, budget, listing cuts
    "round5/deep_nesting_memo.py": "reader_limits",
    "round5/item_cap_memo.py": "reader_limits",
    "round5/budget_exhaust_counter.py": "reader_limits",
    "round10/01_files_cap_subdir_counter.py": "reader_limits",
    "round13/08_census_cap_padding.py": "reader_limits",
    # library_state: a library's or the interpreter's own data (registries, settings, global RNGs)
    "hidden_random_draws.py": "library_state",
    "round5/library_list_state.py": "library_state",
    "round5/logger_attribute_state.py": "library_state",
    "round7/library_module_data.py": "library_state",
    "round7/codec_search_registry.py": "library_state",
    "round8/registry_bound_method.py": "library_state",
    "round8/late_registered_search.py": "library_state",
    "round8/imported_library_data.py": "library_state",
    "round8/library_class_data.py": "library_state",
    "round10/03_int_max_str_digits_counter.py": "library_state",
    "round15/01_asyncio_policy_attr.py": "library_state",
    "round15/02_asyncio_call_later.py": "library_state",
    "round15/03_asyncio_running_slot.py": "library_state",
    "round15/06_decimal_flags.py": "library_state",
    "round15/08_tracemalloc_limit.py": "library_state",
    "round17/06_readline_history.py": "library_state",
    "round17/07_atexit_registry.py": "library_state",
    "round17/08_interned_strings.py": "library_state",
    "round17/13_codecs_error_registry.py": "library_state",
    "round17/14_numpy_hugepage_bit.py": "library_state",
    "round20/02_stderr_errors_counter.py": "library_state",
    "round20/03_tempfile_private_rng.py": "library_state",
    "round20/04_mimetypes_registry.py": "library_state",
    "round20/09_faulthandler_toggle.py": "library_state",
    "round20/10_encodings_submodule_counter.py": "library_state",
    "round20/12_logger_level_counter.py": "library_state",
    "round20/13_numpy_mem_policy_switch.py": "library_state",
    "round20/14_warnings_filter_counter.py": "library_state",
    "round21/04_warnings_onceregistry.py": "library_state",
    "round21/05_logging_handler_name.py": "library_state",
    "round21/06_logging_level_names.py": "library_state",
    "round21/09_logger_class_setter.py": "library_state",
    "round21/10_linecache_lazycache.py": "library_state",
    "round21/12_showwarning_exempt_partial.py": "library_state",
    # jax_internals: JAX's own machinery: jit caches, configuration, pytree registry, custom rules
    "round6/custom_jvp_rule.py": "jax_internals",
    "round7/library_closure_rule.py": "jax_internals",
    "round8/jit_cache_counter.py": "jax_internals",
    "round20/05_jax_config_counter.py": "jax_internals",
    "round21/08_pytree_static_registry.py": "jax_internals",
    "round49/03_jit_cache_counter.py": "jax_internals",
    # os_and_process_state: what the kernel or C library keeps: files, descriptors, sockets, env, limits
    "round5/environ_counter.py": "os_and_process_state",
    "round5/file_counter.py": "os_and_process_state",
    "round8/unlisted_folder_counter.py": "os_and_process_state",
    "round8/restored_mtime_counter.py": "os_and_process_state",
    "round8/umask_counter.py": "os_and_process_state",
    "round10/02_proc_comm_counter.py": "os_and_process_state",
    "round14/01_loop_self_pipe_counter.py": "os_and_process_state",
    "round14/02_socketpair_through_logging.py": "os_and_process_state",
    "round14/03_socket_made_by_first_call.py": "os_and_process_state",
    "round14/04_to_thread_counter.py": "os_and_process_state",
    "round14/05_detached_pair_by_number.py": "os_and_process_state",
    "round15/04_pipe_local_alias.py": "os_and_process_state",
    "round15/05_hard_rlimit.py": "os_and_process_state",
    "round15/07_locale_bits.py": "os_and_process_state",
    "round15/09_sched_policy.py": "os_and_process_state",
    "round16/01_eventfd_counter.py": "os_and_process_state",
    "round16/02_deleted_file_offset.py": "os_and_process_state",
    "round16/03_descriptor_flag.py": "os_and_process_state",
    "round17/01_folder_mode_bits.py": "os_and_process_state",
    "round17/02_shm_folder_mtime.py": "os_and_process_state",
    "round17/03_shm_without_search_bit.py": "os_and_process_state",
    "round17/04_path_too_long.py": "os_and_process_state",
    "round17/05_mmap_tmpfs_write.py": "os_and_process_state",
    "round17/09_c_environ_tz.py": "os_and_process_state",
    "round17/10_pending_rt_signals.py": "os_and_process_state",
    "round17/11_itimer_interval.py": "os_and_process_state",
    "round17/12_other_thread_affinity.py": "os_and_process_state",
    "round17/15_memfd_mmap_behind_descriptor.py": "os_and_process_state",
    "round17/16_unlinked_fifo_contents.py": "os_and_process_state",
    "round17/17_flock_bit_contained.py": "os_and_process_state",
    "round19/01_environ_then_forget.py": "os_and_process_state",
    "round20/08_syslog_logmask.py": "os_and_process_state",
    # evading_attribution: code passed off as the library's, or capabilities reached by unfollowed routes
    "round5/foreign_module_class.py": "evading_attribution",
    "round9/06_recursion_blinds_audit_forged_filename.py": "evading_attribution",
    "round9/07_quiet_set_poisoned_forged_filename.py": "evading_attribution",
    "round9/09_library_frame_launders_code_new.py": "evading_attribution",
    "round18/01_vars_of_a_module.py": "evading_attribution",
    "round18/02_third_party_route.py": "evading_attribution",
    "round18/03_module_found_by_search.py": "evading_attribution",
    "round18/04_called_by_map.py": "evading_attribution",
    "round19/02_operator_call_map.py": "evading_attribution",
    "round19/03_methodcaller.py": "evading_attribution",
    "round19/04_bound_method_wrapper.py": "evading_attribution",
    "round20/06_intern_by_groupby_key.py": "evading_attribution",
    "round20/07_atexit_via_staticmethod.py": "evading_attribution",
    "round49/04_timeit_laundered_state.py": "evading_attribution",
    "round49/05_written_module_state.py": "evading_attribution",
    # blinding_the_instruments: listeners, counters, watchers, audit hook or census disabled or starved
    "tamper_listeners.py": "blinding_the_instruments",
    "tamper_runtime.py": "blinding_the_instruments",
    "tamper_flags.py": "blinding_the_instruments",
    "silence_events.py": "blinding_the_instruments",
    "rewind_compile_counter.py": "blinding_the_instruments",
    "round8/detached_listener_recompile.py": "blinding_the_instruments",
    "round9/01_blind_watcher_silent_compiles.py": "blinding_the_instruments",
    "round9/02_blind_watcher_fake_jit.py": "blinding_the_instruments",
    "round9/03_monitoring_empties_watch_addresses.py": "blinding_the_instruments",
    "round9/04_staticmethod_digest_file_counter.py": "blinding_the_instruments",
    "round9/05_listener_code_swap_silent_compiles.py": "blinding_the_instruments",
    "round9/08_monitoring_empties_student_files.py": "blinding_the_instruments",
    "round13/01_frozen_registered_counter.py": "blinding_the_instruments",
    "round13/02_frozen_late_closure.py": "blinding_the_instruments",
    "round13/03_thaw_then_refreeze.py": "blinding_the_instruments",
    "round13/04_rebind_canary.py": "blinding_the_instruments",
    "round13/05_collection_hook_freeze.py": "blinding_the_instruments",
    "round18/05_watch_turned_off.py": "blinding_the_instruments",
    "round19/05_callback_nulled_from_stdlib_frame.py": "blinding_the_instruments",
    "round49/12_hidden_frame_walk_blinds_census.py": "blinding_the_instruments",
    # patching_the_grader: library functions the judge relies on rebound (comparisons, hashlib, make_jit)
    "monkeypatch.py": "patching_the_grader",
    "patch_hashlib.py": "patching_the_grader",
    "patch_make_jit.py": "patching_the_grader",
    # forged_evidence: fake jit wrappers, fake arrays, a forged clock, a faked echo, a relayed channel
    "fake_jit.py": "forged_evidence",
    "lazy_output.py": "forged_evidence",
    "fake_argument_echo.py": "forged_evidence",
    "forge_clock.py": "forged_evidence",
    "channel_relay.py": "forged_evidence",
    "round49/16_lying_array_probe.py": "forged_evidence",
    # argument_mutation: the caller's arguments changed where the byte comparison does not look
    "round5/deferred_container_mutation.py": "argument_mutation",
    "round6/readonly_flag.py": "argument_mutation",
    "round6/signed_zero.py": "argument_mutation",
    "round6/container_type_swap.py": "argument_mutation",
    "round7/setstate_buffer_swap.py": "argument_mutation",
    "round7/nested_dict_swapped.py": "argument_mutation",
    "round8/stride_tricks_argument_write.py": "argument_mutation",
    "round8/jax_argument_written.py": "argument_mutation",
    "round10/05_drawn_values_mutation.py": "argument_mutation",
    "round20/11_dict_order_mutation.py": "argument_mutation",
    "round49/00_donated_argument.py": "argument_mutation",
    "round49/09_donated_arguments.py": "argument_mutation",
    # compilation_and_trace_size: compiles or trace size that no_recompilation or compact_trace miss
    "padded_loops.py": "compilation_and_trace_size",
    "round5/linearize_retrace.py": "compilation_and_trace_size",
    "round5/silent_backend_recompile.py": "compilation_and_trace_size",
    "round6/measured_by_traceback_stack.py": "compilation_and_trace_size",
    "round7/numpy_input_recompiles.py": "compilation_and_trace_size",
    "round7/measured_lengths_fixed_point.py": "compilation_and_trace_size",
    "round7/scan_unroll_param.py": "compilation_and_trace_size",
    "round8/lowering_unrolled_primitive.py": "compilation_and_trace_size",
    # denial_of_service: hangs, memory, forks, disk, crashes, and inputs that crash or stall the judge
    "import_hang.py": "denial_of_service",
    "memory.py": "denial_of_service",
    "crashes.py": "denial_of_service",
    "fork_bomb.py": "denial_of_service",
    "shm_flood.py": "denial_of_service",
    "round49/01_deep_expression_judge_crash.py": "denial_of_service",
    "round49/02_deep_json_notebook.ipynb": "denial_of_service",
    "round49/14_laundered_forged_frame.py": "denial_of_service",
    # escaping_the_sandbox: reaching past the worker: lingering processes, solutions, host data, kernel
    "background.py": "escaping_the_sandbox",
    "round5/solutions_probe.py": "escaping_the_sandbox",
    "round10/07_example_store_probe.py": "escaping_the_sandbox",
    "round10/08_seccomp_probe.py": "escaping_the_sandbox",
    "round49/10_cache_membership_oracle.py": "escaping_the_sandbox",
    "round49/11_host_information_leak.py": "escaping_the_sandbox",
    # report_injection: control, invisible or separator characters, markup, forged formats, floods
    "control_characters.py": "report_injection",
    "output_flood.py": "report_injection",
    "round49/06_line_separator_forgery.py": "report_injection",
    "round49/07_invisible_format_chars.py": "report_injection",
    "round49/13_cell_failure_flag_flood.ipynb": "report_injection",
    "round49/15_markdown_block_injection.py": "report_injection",
    # round 50 (session 31): issue #50's third fresh round
    "round50/03_jit_static_key_eq.py": "jax_internals",
    "round50/06_abc_register_counter.py": "class_and_object_state",
    "round50/07_pytree_registry_flag.py": "jax_internals",
    "round50/08_import_this_once.py": "library_state",
    "round50/09_contextvar_count.py": "library_state",
    "round50/13_coroutine_depth_counter.py": "library_state",
    "round50/21_weakref_finalize_counter.py": "library_state",
    "round50/22_memo_handed_iterator.py": "closure_state",
    "round50/24_singledispatch_register.py": "library_state",
    "round50/25_jax_npy_value.py": "argument_mutation",
    "round50/27_late_shape_via_contextvar.py": "argument_mutation",
    "round51/01_forged_executable_flag.py": "jax_internals",
    "round51/02_forged_executable_callback.py": "jax_internals",
    "round51/03_program_rewritten_while_keyed.py": "jax_internals",
    "round51/04_memory_reached_by_closure.py": "jax_internals",
    # Round 52 (session 36), by the reviewer who wrote the round's README: the construction each file meets.
    "round52/01_horner_in_pure_callback.py": "compilation_and_trace_size",
    "round52/02_per_example_loop_in_pure_callback.py": "compilation_and_trace_size",
    "round52/03_fit_steps_in_pure_callback.py": "compilation_and_trace_size",
    "round52/04_batched_dot_rows_in_pure_callback.py": "compilation_and_trace_size",
    "round52/05_key_reused_through_raw_bits.py": "random_key_reuse",
    "round52/06_key_cloned_by_wrap_key_data.py": "random_key_reuse",
    "round52/07_huge_view_blames_the_grader.py": "denial_of_service",
    "round52/08_unsendable_integer.py": "denial_of_service",
    "round52/09_key_reused_through_raw_bits_under_jit.py": "random_key_reuse",
    "round52/10_raw_bits_split_twice.py": "random_key_reuse",
    "round53/01_key_clone.py": "random_key_reuse",
    "round53/02_raw_bits_from_a_jitted_key_data.py": "random_key_reuse",
    "round53/03_key_rewrapped_under_jit.py": "random_key_reuse",
    "round53/04_callback_behind_twenty_scans.py": "blinding_the_instruments",
    "round53/05_raw_bits_plus_zero.py": "random_key_reuse",
    "round53/06_raw_bits_bitcast_round_trip.py": "random_key_reuse",
    "round53/07_raw_bits_reshaped_and_indexed.py": "random_key_reuse",
    "round53/08_key_broadcast_then_vmapped.py": "random_key_reuse",
    "round53/09_unbatched_key_under_vmap.py": "random_key_reuse",
}


def mechanism_of(module: str, params: dict[str, object]) -> tuple[str, str] | None:
    """(mechanism, round) of the hostile file a test of `module` (its file name) is parametrized with, if any."""
    prefix = module.removeprefix("test_hostile_").removesuffix(".py") + "/" if module.startswith("test_hostile_round") \
        else ""
    for value in params.values():
        key = f"{prefix}{value}"
        if isinstance(value, str) and key in MECHANISMS:
            return MECHANISMS[key], prefix.rstrip("/") or "early"
    return None
